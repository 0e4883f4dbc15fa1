import { randomBytes } from 'node:crypto';
import { readFileSync, unlinkSync } from 'node:fs';
import { link, open, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { hostname, uptime } from 'node:os';
import { FacturaError } from '../factura-error.js';
import type { LocalizedText } from '../i18n/localized-text.js';
import { localized } from '../i18n/localized-text.js';
import type { Logger } from '../logger.js';
import { redactText } from '../redact-secrets.js';
import { writeFailure } from '../write-failure.js';

/**
 * One run per sheet at a time: a lock file beside the journal (`<journal>.lock`), so that two
 * runs of one sheet (two terminals, a scheduled job started twice) never both send every invoice.
 *
 * Why not proper-lockfile: it judges a lock stale by its mtime (a holder must keep touching it),
 * not by whether the holding process still exists; a run paused for minutes (a laptop asleep, a
 * service outage with long retries) would lose its lock, and a `kill -9` would block reruns until
 * the timeout. Here a lock names its PID and host: on this host a dead PID means a stale lock,
 * taken over at once with a notice; a lock of another host is never taken over.
 */

/** What a lock file holds (JSON). */
export interface RunLockHolder {
  readonly pid: number;
  readonly host: string;
  /** ISO 8601. */
  readonly startedAt: string;
  readonly command: string;
  /** Random: tells this lock from a later one of a process that got the same PID. */
  readonly token: string;
}

/**
 * What to do about an existing lock:
 *  - `held`: a live run of this host holds it: refuse;
 *  - `stale`: its run is gone (PID not alive on this host): take it over, with a notice;
 *  - `other-host`: held by a run of another computer (a shared folder): refuse, never guessed;
 *  - `unreadable`: not a lock this program wrote (or cut short): refuse, say which file to check.
 */
export type LockVerdict =
  | { readonly kind: 'held'; readonly holder: RunLockHolder }
  | { readonly kind: 'stale'; readonly holder: RunLockHolder }
  | { readonly kind: 'other-host'; readonly holder: RunLockHolder }
  | { readonly kind: 'unreadable' };

/** Parses a lock file's text; undefined when it is not one. */
export function parseLockHolder(text: string): RunLockHolder | undefined {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (v === null || typeof v !== 'object') return undefined;
  const r = v as Record<string, unknown>;
  const { pid, host, startedAt, command, token } = r;
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return undefined;
  if (typeof host !== 'string' || typeof startedAt !== 'string' || typeof command !== 'string' || typeof token !== 'string') return undefined;
  return { pid, host, startedAt, command, token };
}

/** What this host can tell about its processes besides whether a PID is alive. */
export interface HostFacts {
  /** When this computer started (epoch ms): a lock from before it is from a run the restart ended (power cut). */
  readonly bootedAtMs?: number;
  /** When the process with this PID started (epoch ms), where the system says (Linux). */
  readonly processStartMs?: (pid: number) => number | undefined;
}

/** Clock differences tolerated when comparing a lock's start with the boot or a process's start. */
const CLOCK_SLACK_MS = 10_000;

/**
 * Pure policy: the verdict on a lock's text, for this host and a liveness test of a PID. A PID
 * that is alive is still not the holder when the computer restarted since the lock was written, or
 * when the process with that PID started after it (the PID was reused).
 */
export function judgeLock(text: string, thisHost: string, isAlive: (pid: number) => boolean, facts: HostFacts = {}): LockVerdict {
  const holder = parseLockHolder(text);
  if (holder === undefined) return { kind: 'unreadable' };
  if (holder.host !== thisHost) return { kind: 'other-host', holder };
  const lockedAt = Date.parse(holder.startedAt);
  if (facts.bootedAtMs !== undefined && lockedAt < facts.bootedAtMs - CLOCK_SLACK_MS) return { kind: 'stale', holder };
  if (!isAlive(holder.pid)) return { kind: 'stale', holder };
  const started = facts.processStartMs?.(holder.pid);
  if (started !== undefined && started > lockedAt + CLOCK_SLACK_MS) return { kind: 'stale', holder };
  return { kind: 'held', holder };
}

/** Linux: a process's start from /proc (field 22, clock ticks after boot; 100 per second). */
export function linuxProcessStartMs(pid: number): number | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    const btime = /^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1];
    if (!Number.isFinite(ticks) || btime === undefined) return undefined;
    return Number(btime) * 1000 + (ticks * 1000) / 100;
  } catch {
    return undefined;
  }
}

/** `2026-11-23T14:05:12Z` → `23/11/2026 09:05:12` (the Lima wall clock the users live in). */
export function formatLockTime(iso: string, timeZone = 'America/Lima'): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  return new Intl.DateTimeFormat('es-PE', {
    timeZone,
    hourCycle: 'h23',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })
    .format(new Date(t))
    .replace(',', '');
}

/** The message of a refused lock: who holds the sheet since when, and what to do. */
export function lockRefusal(verdict: Exclude<LockVerdict, { kind: 'stale' }>, lockPath: string): LocalizedText {
  if (verdict.kind === 'unreadable') {
    return localized(
      `Otra ejecución podría estar usando esta hoja: existe el archivo de bloqueo ${lockPath}, pero no se puede leer. Si está seguro de que no hay otra ejecución de factura-import con esta hoja, borre ese archivo y vuelva a ejecutar.`,
      `Another run may be using this sheet: the lock file ${lockPath} exists but cannot be read. If you are sure no other factura-import run uses this sheet, delete that file and run again.`,
    );
  }
  const h = verdict.holder;
  const since = formatLockTime(h.startedAt);
  if (verdict.kind === 'other-host') {
    return localized(
      `Otra ejecución está usando esta hoja desde ${since} en el equipo «${h.host}» (PID ${h.pid}: ${h.command}). Espere a que termine allí y vuelva a ejecutar. Desde este equipo no se puede saber si esa ejecución sigue viva: si está seguro de que terminó (el equipo se apagó), borre el archivo de bloqueo ${lockPath}.`,
      `Another run has been using this sheet since ${since} on the computer "${h.host}" (PID ${h.pid}: ${h.command}). Wait for it to finish there and run again. This computer cannot tell whether that run is still alive: if you are sure it ended (that computer was switched off), delete the lock file ${lockPath}.`,
    );
  }
  return localized(
    `Otra ejecución está usando esta hoja desde ${since} (PID ${h.pid}: ${h.command}). Espere a que termine y vuelva a ejecutar; para detenerla, pulse Ctrl-C en su ventana. No se envió nada.`,
    `Another run has been using this sheet since ${since} (PID ${h.pid}: ${h.command}). Wait for it to finish and run again; to stop it, press Ctrl-C in its window. Nothing was sent.`,
  );
}

/** Whether a PID is a live process on this host (EPERM: alive, someone else's). */
export function pidIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface RunLockOptions {
  /** The command line shown to a second run (secrets scrubbed). */
  readonly command: string;
  readonly logger: Logger;
  readonly lang: 'es' | 'en';
  /** Told what a person must know (a stale lock taken over), besides the log. */
  readonly onNotice?: (text: LocalizedText) => void;
  /** Defaults: this process, this host, the clock, a real liveness test. */
  readonly pid?: number;
  readonly host?: string;
  readonly now?: () => number;
  readonly isAlive?: (pid: number) => boolean;
  readonly facts?: HostFacts;
}

/** A held lock; release it on every way out (`await using`, or `release()` in a finally). */
export interface RunLock extends AsyncDisposable {
  readonly path: string;
  readonly holder: RunLockHolder;
  /** Removes the lock if it is still ours. Safe to call twice. */
  release(): Promise<void>;
}

/** The lock file of a journal. */
export function lockPathFor(journalPath: string): string {
  return `${journalPath}.lock`;
}

const MAX_TRIES = 5;

/**
 * Takes the lock of `journalPath`, or throws FacturaError (exit 2) naming the run that holds it.
 * The lock appears whole or not at all: its content is written to a file of its own and hard-linked
 * into place (link fails when the lock exists, atomically, like `open(path, 'wx')`, but no reader
 * ever sees a half-written lock). A stale lock is first renamed aside and checked to be the very
 * lock judged stale, so two reruns that both find it stale cannot both take it over.
 */
export async function acquireRunLock(journalPath: string, options: RunLockOptions): Promise<RunLock> {
  const path = lockPathFor(journalPath);
  const host = options.host ?? hostname();
  const isAlive = options.isAlive ?? pidIsAlive;
  const facts: HostFacts = options.facts ?? { bootedAtMs: Date.now() - uptime() * 1000, processStartMs: linuxProcessStartMs };
  const holder: RunLockHolder = {
    pid: options.pid ?? process.pid,
    host,
    startedAt: new Date((options.now ?? Date.now)()).toISOString(),
    command: redactText(options.command),
    token: randomBytes(8).toString('hex'),
  };
  const content = `${JSON.stringify(holder)}\n`;
  const unique = `${path}.${holder.pid}-${holder.token}.tmp`;

  for (let attempt = 1; ; attempt++) {
    if (await placeLock(path, unique, content)) break;
    const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined; // released meanwhile: try again
      throw writeFailure(localized('el bloqueo de la hoja', 'the sheet lock'), path, error);
    });
    if (text === undefined) {
      if (attempt < MAX_TRIES) continue;
      throw new FacturaError('JOURNAL_CONFLICT', lockRefusal({ kind: 'unreadable' }, path));
    }
    const verdict = judgeLock(text, host, isAlive, facts);
    if (verdict.kind !== 'stale') throw new FacturaError('JOURNAL_CONFLICT', lockRefusal(verdict, path));
    if (attempt >= MAX_TRIES) throw new FacturaError('JOURNAL_CONFLICT', lockRefusal({ kind: 'held', holder: verdict.holder }, path));
    if (await removeStale(path, verdict.holder, holder)) {
      const h = verdict.holder;
      const notice = localized(
        `se toma el bloqueo de una ejecución anterior que ya no existe (PID ${h.pid}, desde ${formatLockTime(h.startedAt)}): terminó sin liberarlo (¿se cortó?). El diario dice qué ya se envió.`,
        `taking over the lock of an earlier run that no longer exists (PID ${h.pid}, since ${formatLockTime(h.startedAt)}): it ended without releasing it (cut short?). The journal says what was already sent.`,
      );
      options.logger.warn({ lock: path, pid: h.pid, startedAt: h.startedAt }, notice[options.lang]);
      options.onNotice?.(notice);
    }
  }

  // A second Ctrl-C exits at once (process.exit): no finally runs, so the lock goes on 'exit'.
  let released = false;
  const onExit = (): void => {
    try {
      unlinkSync(path);
    } catch {
      // gone already
    }
  };
  process.on('exit', onExit);
  const release = async (): Promise<void> => {
    if (released) return;
    released = true;
    process.off('exit', onExit);
    // Only our own lock: one taken over meanwhile (we were judged dead?) stays with its owner.
    const text = await readFile(path, 'utf8').catch(() => undefined);
    if (text !== undefined && parseLockHolder(text)?.token === holder.token) await unlink(path).catch(() => undefined);
  };
  return { path, holder, release, [Symbol.asyncDispose]: release };
}

/** Writes the content to `unique` and links it to `path`; false when a lock is there already. */
async function placeLock(path: string, unique: string, content: string): Promise<boolean> {
  try {
    await writeFile(unique, content, { flag: 'wx' });
  } catch (error) {
    throw writeFailure(localized('el bloqueo de la hoja', 'the sheet lock'), path, error);
  }
  try {
    await link(unique, path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    // A file system without hard links (some network shares): exclusive create, then write.
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS' || code === 'EOPNOTSUPP') return placeExclusive(path, content);
    throw writeFailure(localized('el bloqueo de la hoja', 'the sheet lock'), path, error);
  } finally {
    await unlink(unique).catch(() => undefined);
  }
}

async function placeExclusive(path: string, content: string): Promise<boolean> {
  let fh;
  try {
    fh = await open(path, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw writeFailure(localized('el bloqueo de la hoja', 'the sheet lock'), path, error);
  }
  try {
    await fh.writeFile(content);
    await fh.sync();
  } finally {
    await fh.close();
  }
  return true;
}

/**
 * Moves the stale lock aside and checks it is the one judged stale. If another run took it over
 * in between, its live lock was moved: it is put back (link: never over a newer lock) and the
 * caller tries again, and then finds it held.
 */
async function removeStale(path: string, stale: RunLockHolder, self: RunLockHolder): Promise<boolean> {
  const aside = `${path}.${self.pid}-${self.token}.stale`;
  try {
    await rename(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false; // someone else moved it
    throw writeFailure(localized('el bloqueo de la hoja', 'the sheet lock'), path, error);
  }
  const moved = parseLockHolder(await readFile(aside, 'utf8').catch(() => ''));
  if (moved?.token === stale.token) {
    await unlink(aside).catch(() => undefined);
    return true;
  }
  await link(aside, path).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
  return false;
}
