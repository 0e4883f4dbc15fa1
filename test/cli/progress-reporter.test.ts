import type { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createProgressReporter, formatCounts } from '../../src/cli/progress-reporter.js';
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
