import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FacturaError, exitCodeFor } from '../../src/factura-error.js';
import { createLogger } from '../../src/logger.js';
import { shownInstant } from '../../src/i18n/shown-instant.js';
import { judgeLock, lockRefusal, parseLockHolder, WORKSPACE_RUN_LABEL } from '../../src/submit/judge-run-lock.js';
import { acquireRunLock, linuxProcessStartMs, lockPathFor } from '../../src/submit/run-lock.js';
import { tempDir } from '../helpers/temp-dir.js';
import { textSink } from '../helpers/text-sink.js';

const holder = { pid: 4242, host: 'caja-1', startedAt: '2026-11-23T14:05:12.000Z', command: 'factura-import submit ventas.xlsx', token: 'abc' };

describe('judgeLock (pure policy)', () => {
  const text = JSON.stringify(holder);
  it('a live PID of this host holds the sheet', () => {
    expect(judgeLock(text, 'caja-1', (pid) => pid === 4242)).toEqual({ kind: 'held', holder });
  });
  it('a dead PID of this host is a stale lock', () => {
    expect(judgeLock(text, 'caja-1', () => false)).toEqual({ kind: 'stale', holder });
  });
  it('a lock of another host is never judged stale, whatever the PID', () => {
    expect(judgeLock(text, 'caja-2', () => false)).toEqual({ kind: 'other-host', holder });
  });
  it('a live PID is not the holder when the computer restarted since, or that process started after the lock (PID reused)', () => {
    const lockedAt = Date.parse(holder.startedAt);
    expect(judgeLock(text, 'caja-1', () => true, { bootedAtMs: lockedAt + 3_600_000 }).kind).toBe('stale');
    expect(judgeLock(text, 'caja-1', () => true, { bootedAtMs: lockedAt - 3_600_000, processStartMs: () => lockedAt + 60_000 }).kind).toBe('stale');
    expect(judgeLock(text, 'caja-1', () => true, { bootedAtMs: lockedAt - 3_600_000, processStartMs: () => lockedAt - 2_000 }).kind).toBe('held');
    expect(judgeLock(text, 'caja-1', () => true, { processStartMs: () => undefined }).kind).toBe('held');
  });
  it("reads this process's start time on Linux", () => {
    const start = linuxProcessStartMs(process.pid);
    if (process.platform === 'linux') expect(Math.abs((start ?? 0) - (Date.now() - process.uptime() * 1000))).toBeLessThan(5_000);
    else expect(start).toBeUndefined();
  });
  it('text that is not a lock of ours is unreadable (never taken over)', () => {
    for (const bad of ['', '{"pid":', '{}', '{"pid":-1,"host":"a","startedAt":"x","command":"c","token":"t"}', 'null']) {
      expect(judgeLock(bad, 'caja-1', () => false)).toEqual({ kind: 'unreadable' });
    }
  });
  it('round-trips the holder', () => {
    expect(parseLockHolder(text)).toEqual(holder);
  });
});

describe('lock messages', () => {
  it('say since when (Lima time), the PID and what to do, in Spanish', () => {
    expect(shownInstant('2026-11-23T14:05:12.000Z')).toBe('23/11/2026 09:05:12');
    const msg = lockRefusal({ kind: 'held', holder }, '/x/ventas.journal.jsonl.lock');
    expect(msg.es).toBe(
      'Otra ejecución está enviando con el mismo diario de envíos desde 23/11/2026 09:05:12 (PID 4242: factura-import submit ventas.xlsx). Espere a que termine y vuelva a ejecutar; para detenerla, pulse Ctrl-C en su ventana. No se envió nada.',
    );
    const other = lockRefusal({ kind: 'other-host', holder }, '/x/ventas.journal.jsonl.lock');
    expect(other.es).toContain('en el equipo «caja-1» (PID 4242');
    expect(other.es).toContain('borre el archivo de bloqueo /x/ventas.journal.jsonl.lock');
    // A workspace sending is stopped from its page, not with Ctrl-C in a window the user never opened.
    const workspace = lockRefusal({ kind: 'held', holder: { ...holder, command: WORKSPACE_RUN_LABEL } }, '/x/envios.journal.jsonl.lock');
    expect(workspace.es).toBe(
      'El espacio de trabajo web (PID 4242) está enviando con el mismo diario de envíos desde 23/11/2026 09:05:12. Espere a que termine y vuelva a ejecutar; para detenerlo, pulse «Detener» en la página de ese envío. No se envió nada.',
    );
  });
});

describe('acquireRunLock (real files)', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  beforeEach(async () => {
    dir = await tempDir('run-lock-');
  });
  afterEach(async () => {
    await dir.cleanup();
  });
  const quiet = () => {
    const sink = textSink();
    return { sink, logger: createLogger({ destination: sink.stream, format: 'json' }) };
  };

  it('writes PID, host, start time and command; a second taker fails with exit 2; release frees it', async () => {
    const journal = join(dir.path, 'ventas.journal.jsonl');
    const { logger } = quiet();
    const first = await acquireRunLock(journal, { command: 'factura-import submit ventas.xlsx', logger, lang: 'es' });
    const written = parseLockHolder(await readFile(lockPathFor(journal), 'utf8'));
    expect(written).toMatchObject({ pid: process.pid, host: hostname(), command: 'factura-import submit ventas.xlsx' });
    expect(Math.abs(Date.parse(written?.startedAt ?? '') - Date.now())).toBeLessThan(60_000);

    const second = await acquireRunLock(journal, { command: 'x', logger, lang: 'es' }).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(FacturaError);
    const err = second as FacturaError;
    expect(exitCodeFor(err.code)).toBe(2);
    expect(err.text.es).toContain(`desde ${shownInstant(written?.startedAt ?? '')} (PID ${process.pid}: factura-import submit ventas.xlsx)`);

    await first.release();
    await first.release();
    expect(existsSync(lockPathFor(journal))).toBe(false);
    const third = await acquireRunLock(journal, { command: 'x', logger, lang: 'es' });
    await third[Symbol.asyncDispose]();
    // No temporary file is left beside the journal.
    expect(await readdir(dir.path)).toEqual([]);
  });

  it('takes over the lock of a process that is gone, with a warning naming it', async () => {
    const journal = join(dir.path, 'ventas.journal.jsonl');
    // A real PID that existed and ended.
    const child = spawn(process.execPath, ['-e', '0']);
    await once(child, 'exit');
    const deadPid = child.pid ?? 0;
    await writeFile(lockPathFor(journal), JSON.stringify({ ...holder, pid: deadPid, host: hostname() }));
    const { sink, logger } = quiet();
    const lock = await acquireRunLock(journal, { command: 'factura-import submit ventas.xlsx', logger, lang: 'es' });
    expect(lock.holder.pid).toBe(process.pid);
    expect(sink.text()).toContain(`se toma el bloqueo de una ejecución anterior que ya no existe (PID ${deadPid}`);
    expect(sink.text()).toContain('"level":40');
    await lock.release();
  });

  it('never takes over a lock of another host, even when that PID is not alive here', async () => {
    const journal = join(dir.path, 'ventas.journal.jsonl');
    const content = JSON.stringify({ ...holder, host: `not-${hostname()}` });
    await writeFile(lockPathFor(journal), content);
    const { logger } = quiet();
    const err = (await acquireRunLock(journal, { command: 'x', logger, lang: 'es', isAlive: () => false }).catch((e: unknown) => e)) as FacturaError;
    expect(err).toBeInstanceOf(FacturaError);
    expect(err.text.es).toContain(`en el equipo «not-${hostname()}»`);
    expect(await readFile(lockPathFor(journal), 'utf8')).toBe(content);
  });

  it('of two takers racing for one stale lock, exactly one gets it', async () => {
    const journal = join(dir.path, 'ventas.journal.jsonl');
    for (let round = 0; round < 20; round++) {
      await writeFile(lockPathFor(journal), JSON.stringify({ ...holder, host: hostname(), token: `stale-${round}` }));
      const { logger } = quiet();
      // Two runs of different (fake) PIDs: each sees the other's PID alive, and 4242 dead.
      const take = (pid: number) =>
        acquireRunLock(journal, { command: 'x', logger, lang: 'es', pid, isAlive: (p) => p !== holder.pid }).then(
          (lock) => lock,
          (e: unknown) => e as FacturaError,
        );
      const results = await Promise.all([take(1_000_001), take(1_000_002)]);
      const winners = results.filter((r) => !(r instanceof FacturaError));
      expect(winners).toHaveLength(1);
      const onDisk = parseLockHolder(await readFile(lockPathFor(journal), 'utf8'));
      expect(onDisk?.token).toBe((winners[0] as { holder: { token: string } }).holder.token);
      for (const w of winners) await (w as { release: () => Promise<void> }).release();
      expect((await readdir(dir.path)).filter((f) => f !== 'ventas.journal.jsonl.lock')).toEqual([]);
    }
  });
});
