import type { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createProgressReporter, formatCounts } from '../../src/cli/progress-reporter.js';
import { retryWaitText, RetryWaits } from '../../src/index.js';
import type { RetryWait } from '../../src/index.js';
import { createLogger, silentLogger } from '../../src/logger.js';
import { textSink } from '../helpers/text-sink.js';

function sink(): { stream: Writable; lines: () => Record<string, unknown>[] } {
  const { stream, text } = textSink();
  return {
    stream,
    lines: () =>
      text()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

describe('progress when stderr is not a terminal', () => {
  it('writes a log line with counts by status every five seconds of the run, not per invoice', () => {
    const log = sink();
    let now = 0;
    const logger = createLogger({ format: 'json', destination: log.stream });
    const progress = createProgressReporter({ stream: log.stream, lang: 'es', quiet: false, logger, clock: () => now });
    for (let i = 0; i < 100; i += 1) {
      now += 100; // 10 s in all
      progress.tick(i % 10 === 0 ? 'INVALID' : 'ACCEPTED');
    }
    progress.stop();
    const lines = log.lines();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ msg: 'progreso', done: 50, counts: { INVALID: 5, ACCEPTED: 45 } });
    expect(lines[1]).toMatchObject({ done: 100, perSecond: 10 });
  });

  it('writes a plain line a person reads when no technical log is on, its counts with their thousands marked', () => {
    const { stream, text } = textSink();
    let now = 0;
    const progress = createProgressReporter({ stream, lang: 'es', quiet: false, logger: silentLogger(), total: 1_500, clock: () => now });
    for (let i = 0; i < 1_200; i += 1) progress.tick('VALID');
    now = 6_000; // past the five seconds between lines
    progress.tick('INVALID');
    progress.stop();
    expect(text()).toBe('Progreso: 1,201/1,500 comprobantes (200.2/s) · VÁLIDO 1,200 · INVÁLIDO 1\n');
  });

  it('draws the bar on a terminal with done and total as the summary writes counts', () => {
    const { stream, text } = textSink();
    Object.assign(stream, { isTTY: true, columns: 120, cursorTo: () => true, clearLine: () => true, moveCursor: () => true });
    const progress = createProgressReporter({ stream, lang: 'es', quiet: false, logger: silentLogger(), total: 1_500 });
    for (let i = 0; i < 1_201; i += 1) progress.tick('VALID');
    progress.stop();
    expect(text()).toContain('1,201/1,500 comprobantes');
    expect(text()).toContain('VÁLIDO 1,201');
  });

  it('writes nothing with --quiet', () => {
    const log = sink();
    let now = 0;
    const logger = createLogger({ format: 'json', destination: log.stream });
    const progress = createProgressReporter({ stream: log.stream, lang: 'es', quiet: true, logger, clock: () => (now += 10_000) });
    progress.tick('VALID');
    progress.stop();
    expect(log.lines()).toHaveLength(0);
  });
});

describe('progress while an invoice waits for a retry', () => {
  /** 14:05:12 UTC: 09:05:12 in Lima, as the tool shows times. */
  const AT = Date.UTC(2026, 10, 23, 14, 5, 12);
  const wait = (numero: string, until: number): RetryWait => ({
    serie: 'F001',
    numero,
    emisorRuc: '20100070970',
    attempt: 2,
    maxAttempts: 5,
    until,
    reason: { es: 'el servicio no estaba disponible (HTTP 503)', en: 'the service was unavailable (HTTP 503)' },
  });

  it('says which one and until when in a line, once per interval, when the wait is long enough to look like a hang', () => {
    const { stream, text } = textSink();
    const now = AT - 40_000;
    const progress = createProgressReporter({ stream, lang: 'es', quiet: false, logger: silentLogger(), clock: () => now });
    progress.wait(wait('7', AT - 39_000)); // a second's backoff: no line
    progress.wait(wait('8', AT));
    progress.wait(wait('9', AT)); // within the interval: no second line, though 3 wait now
    progress.stop();
    expect(text()).toBe('Esperando: 2 facturas esperan un reintento; F001-8: intento 2 de 5 a las 09:05:12 (el servicio no estaba disponible, HTTP 503)\n');
  });

  it('shows the wait on the bar until that invoice’s outcome comes', () => {
    /** The bar's last frame once stopped: what the terminal shows at that moment. */
    const lastFrame = (steps: (p: ReturnType<typeof createProgressReporter>) => void): string => {
      const { stream, text } = textSink();
      Object.assign(stream, { isTTY: true, columns: 300, cursorTo: () => true, clearLine: () => true, moveCursor: () => true });
      const progress = createProgressReporter({ stream, lang: 'es', quiet: false, logger: silentLogger(), clock: () => AT - 60_000 });
      progress.tick('ACCEPTED', { serie: 'F001', numero: '6', emisorRuc: '20100070970' });
      steps(progress);
      progress.stop();
      return text().split('\u001b[1G').at(-1) ?? '';
    };
    expect(lastFrame((p) => p.wait(wait('7', AT)))).toContain(
      'ACEPTADO 1 | F001-7: intento 2 de 5 a las 09:05:12 (el servicio no estaba disponible, HTTP 503)',
    );
    const after = lastFrame((p) => {
      p.wait(wait('7', AT));
      p.tick('ACCEPTED', { serie: 'F001', numero: '7', emisorRuc: '20100070970' });
    });
    expect(after).toContain('ACEPTADO 2');
    expect(after).not.toContain('intento');
  });

  it('words the wait in English too, with the date when it runs past today', () => {
    expect(retryWaitText(wait('7', AT), 1, 'en', AT - 60_000)).toBe('F001-7: attempt 2 of 5 at 09:05:12 (the service was unavailable, HTTP 503)');
    expect(retryWaitText(wait('7', AT), 1, 'es', AT - 86_400_000)).toBe(
      'F001-7: intento 2 de 5 el 23/11/2026 a las 09:05:12 (el servicio no estaba disponible, HTTP 503)',
    );
  });

  it('names an invoice still waiting once the one told last has its outcome', () => {
    const waits = new RetryWaits();
    waits.wait(wait('9', AT));
    waits.wait(wait('7', AT + 4_000));
    waits.settled({ serie: 'F001', numero: '7', emisorRuc: '20100070970' });
    expect(waits.text('es', AT - 60_000)).toBe('F001-9: intento 2 de 5 a las 09:05:12 (el servicio no estaba disponible, HTTP 503)');
    waits.settled({ serie: 'F001', numero: '9', emisorRuc: '20100070970' });
    expect(waits.text('es', AT)).toBeUndefined();
  });
});

describe('the counts shown in a progress line', () => {
  it('names the statuses in the chosen language and leaves out empty ones', () => {
    const counts = new Map([
      ['ACCEPTED', 3],
      ['NOT_SENT', 0],
      ['FAILED', 1],
    ] as const);
    expect(formatCounts(counts, 'es')).toBe('ACEPTADO 3 · ERROR 1');
    expect(formatCounts(counts, 'en')).toBe('ACCEPTED 3 · FAILED 1');
    expect(formatCounts(new Map([['VALID', 33_226]]), 'es')).toBe('VÁLIDO 33,226');
  });
});
