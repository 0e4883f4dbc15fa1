import cliProgress from 'cli-progress';
import type { Lang } from '../i18n/localized-text.js';
import { localized, render } from '../i18n/localized-text.js';
import { shownCount } from '../i18n/shown-count.js';
import type { InvoiceStatus } from '../index.js';
import { STATUS_LABELS } from '../index.js';
import type { Logger } from '../logger.js';

export interface ProgressReporter {
  /** One invoice has its final status. */
  readonly tick: (status: InvoiceStatus) => void;
  readonly stop: () => void;
}

export interface ProgressOptions {
  readonly stream: NodeJS.WritableStream;
  readonly lang: Lang;
  readonly quiet: boolean;
  readonly logger: Logger;
  readonly clock?: () => number;
  /** Invoices expected, when known (a rerun from a journal, a counted file). */
  readonly total?: number;
  /** Seconds between log lines when stderr is not a terminal. */
  readonly logEverySeconds?: number;
}

/** Counts by status, in a fixed order, for a progress line: "ACEPTADO 120 · INVÁLIDO 3". */
export function formatCounts(counts: ReadonlyMap<InvoiceStatus, number>, lang: Lang): string {
  return [...counts.entries()]
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${render(STATUS_LABELS[s], lang)} ${shownCount(n, lang)}`)
    .join(' · ');
}

/**
 * Progress on stderr: a bar on a terminal (done/total when known, rate, ETA, counts by status),
 * otherwise a line every few seconds (a log line when a technical log is on); nothing with --quiet.
 */
export function createProgressReporter(options: ProgressOptions): ProgressReporter {
  const clock = options.clock ?? Date.now;
  const counts = new Map<InvoiceStatus, number>();
  let done = 0;
  const started = clock();
  if (options.quiet) {
    return { tick: (s) => void counts.set(s, (counts.get(s) ?? 0) + 1), stop: () => undefined };
  }
  const isTty = 'isTTY' in options.stream && options.stream.isTTY === true;
  const rate = (): number => {
    const secs = (clock() - started) / 1000;
    return secs > 0 ? done / secs : 0;
  };
  if (isTty) {
    const label = localized('comprobantes', 'invoices')[options.lang];
    const format =
      options.total === undefined ? `{value} ${label} | {rate}/s | {counts}` : `[{bar}] {value}/{total} ${label} | {rate}/s | ETA {eta_formatted} | {counts}`;
    const bar = new cliProgress.SingleBar(
      {
        format,
        stream: options.stream,
        hideCursor: true,
        clearOnComplete: false,
        etaBuffer: 200,
        fps: 5,
        // Done and total as the summary writes counts («12,500/33,226»); the rest as cli-progress does.
        formatValue: (v: number, _o: unknown, type: string) => (type === 'value' || type === 'total' ? shownCount(v, options.lang) : String(v)),
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(options.total ?? 0, 0, { rate: '0', counts: '' });
    return {
      tick(status) {
        counts.set(status, (counts.get(status) ?? 0) + 1);
        done += 1;
        bar.update(done, { rate: rate().toFixed(1), counts: formatCounts(counts, options.lang) });
      },
      stop: () => bar.stop(),
    };
  }
  const everyMs = (options.logEverySeconds ?? 5) * 1000;
  let lastLog = started;
  return {
    tick(status) {
      counts.set(status, (counts.get(status) ?? 0) + 1);
      done += 1;
      const now = clock();
      if (now - lastLog >= everyMs) {
        lastLog = now;
        if (!options.logger.isLevelEnabled('info')) {
          // No technical log asked for: a plain line a person can read in a CI log or a pipe.
          const label = localized('Progreso', 'Progress')[options.lang];
          const unit = localized('comprobantes', 'invoices')[options.lang];
          const of = options.total === undefined ? '' : `/${shownCount(options.total, options.lang)}`;
          options.stream.write(`${label}: ${shownCount(done, options.lang)}${of} ${unit} (${rate().toFixed(1)}/s) · ${formatCounts(counts, options.lang)}\n`);
          return;
        }
        options.logger.info(
          { done, total: options.total, perSecond: Number(rate().toFixed(1)), counts: Object.fromEntries(counts) },
          localized('progreso', 'progress')[options.lang],
        );
      }
    },
    stop: () => undefined,
  };
}
