import type { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createProgressReporter, formatCounts } from '../../src/cli/progress-reporter.js';
import { createLogger } from '../../src/logger.js';
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
