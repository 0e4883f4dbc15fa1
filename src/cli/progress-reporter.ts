import cliProgress from 'cli-progress';
import type { Lang } from '../i18n/localized-text.js';
import { localized, render } from '../i18n/localized-text.js';
import { shownCount } from '../i18n/shown-count.js';
import type { InvoiceStatus } from '../index.js';
import { STATUS_LABELS } from '../index.js';
import type { Logger } from '../logger.js';
import type { InvoiceRef, RetryWait } from '../index.js';
import { RetryWaits } from '../index.js';

export interface ProgressReporter {
  /** One invoice has its final status. */
  readonly tick: (status: InvoiceStatus, invoice?: InvoiceRef) => void;
  /** An invoice waits for a retry (submit): said until its outcome comes, since the outcomes after it wait for it. */
  readonly wait: (wait: RetryWait) => void;
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

/** A wait shorter than this is not worth a line of its own when stderr is not a terminal (backoffs of a second or two). */
const WAIT_WORTH_A_LINE_MS = 5_000;

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
    return { tick: (s) => void counts.set(s, (counts.get(s) ?? 0) + 1), wait: () => undefined, stop: () => undefined };
  }
  /** The invoices waiting for a retry: said until each one's outcome comes. */
  const waiting = new RetryWaits();
  const waitingNow = (): string => waiting.text(options.lang, clock()) ?? '';
  const settled = (invoice: InvoiceRef | undefined): void => {
    if (invoice !== undefined) waiting.settled(invoice);
  };
  const isTty = 'isTTY' in options.stream && options.stream.isTTY === true;
  const rate = (): number => {
    const secs = (clock() - started) / 1000;
    return secs > 0 ? done / secs : 0;
  };
  if (isTty) {
    const label = localized('comprobantes', 'invoices')[options.lang];
    const format =
      options.total === undefined
        ? `{value} ${label} | {rate}/s | {counts}{waiting}`
        : `[{bar}] {value}/{total} ${label} | {rate}/s | ETA {eta_formatted} | {counts}{waiting}`;
    const shownWaiting = (): string => {
      const text = waitingNow();
      return text === '' ? '' : ` | ${text}`;
    };
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
    bar.start(options.total ?? 0, 0, { rate: '0', counts: '', waiting: '' });
    return {
      tick(status, invoice) {
        counts.set(status, (counts.get(status) ?? 0) + 1);
        done += 1;
        settled(invoice);
        bar.update(done, { rate: rate().toFixed(1), counts: formatCounts(counts, options.lang), waiting: shownWaiting() });
      },
      wait(wait) {
        waiting.wait(wait);
        bar.update({ waiting: shownWaiting() });
      },
      stop: () => bar.stop(),
    };
  }
  const everyMs = (options.logEverySeconds ?? 5) * 1000;
  let lastLog = started;
  let lastWaitLine = Number.NEGATIVE_INFINITY;
  return {
    wait(wait) {
      waiting.wait(wait);
      // A wait long enough to look like a hang (a Retry-After, the later backoffs), said at most once per interval.
      const now = clock();
      if (wait.until - now < WAIT_WORTH_A_LINE_MS || now - lastWaitLine < everyMs) return;
      lastWaitLine = now;
      if (!options.logger.isLevelEnabled('info')) {
        options.stream.write(`${localized('Esperando', 'Waiting')[options.lang]}: ${waitingNow()}\n`);
        return;
      }
      options.logger.info(
        { serie: wait.serie, numero: wait.numero, attempt: wait.attempt, until: new Date(wait.until).toISOString(), waiting: waiting.size },
        waitingNow(),
      );
    },
    tick(status, invoice) {
      counts.set(status, (counts.get(status) ?? 0) + 1);
      done += 1;
      settled(invoice);
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
