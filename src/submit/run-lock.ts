import { randomBytes } from 'node:crypto';
import { readFileSync, unlinkSync } from 'node:fs';
import { link, open, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { hostname, uptime } from 'node:os';
import { FacturaError } from '../factura-error.js';
import type { LocalizedText } from '../i18n/localized-text.js';
import type { Logger } from '../logger.js';
import { redactText } from '../redact-secrets.js';
import { writeFailure } from '../write-failure.js';
import type { HostFacts, LockWording, RunLockHolder } from './judge-run-lock.js';
import { JOURNAL_LOCK_WORDING, judgeLock, parseLockHolder } from './judge-run-lock.js';
import { pidIsAlive } from '../pid-is-alive.js';

export type { LockVerdict, LockWording, RunLockHolder } from './judge-run-lock.js';

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

/** A lock of something else than a journal (the web workspace's folder): its own words. */
export interface LockOptions extends RunLockOptions {
  readonly wording: LockWording;
}

/** A held lock; release it on every way out (`await using`, or `release()` in a finally). */
export interface RunLock extends AsyncDisposable {
  readonly path: string;
  readonly holder: RunLockHolder;
  /** Removes the lock if it is still ours. Safe to call twice. */
  release(): Promise<void>;
  /** Writes into the lock, while it is still ours, where its holder can be reached (a second holder's refusal names it). */
  tellAddress(url: string): Promise<void>;
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
  return acquireLock(lockPathFor(journalPath), { ...options, wording: JOURNAL_LOCK_WORDING });
}

/** The lock file `path` (see acquireRunLock), or FacturaError (exit 2) with the wording's refusal. */
export async function acquireLock(path: string, options: LockOptions): Promise<RunLock> {
  const { wording } = options;
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
    if (await placeLock(path, unique, content, wording.name)) break;
    const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined; // released meanwhile: try again
      throw writeFailure(wording.name, path, error);
    });
    if (text === undefined) {
      if (attempt < MAX_TRIES) continue;
      throw new FacturaError('JOURNAL_CONFLICT', wording.refusal({ kind: 'unreadable' }, path));
    }
    const verdict = judgeLock(text, host, isAlive, facts);
    if (verdict.kind !== 'stale') throw new FacturaError('JOURNAL_CONFLICT', wording.refusal(verdict, path));
    if (attempt >= MAX_TRIES) throw new FacturaError('JOURNAL_CONFLICT', wording.refusal({ kind: 'held', holder: verdict.holder }, path));
    if (await removeStale(path, verdict.holder, holder, wording.name)) {
      const h = verdict.holder;
      const notice = wording.takenOver(h);
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
  // The whole lock again, with the address, written aside and renamed over it: a reader sees the old or the new, never half.
  const tellAddress = async (url: string): Promise<void> => {
    if (released) return;
    const text = await readFile(path, 'utf8').catch(() => undefined);
    if (text === undefined || parseLockHolder(text)?.token !== holder.token) return;
    const told = `${path}.${holder.pid}-${holder.token}.url.tmp`;
    try {
      await writeFile(told, `${JSON.stringify({ ...holder, url })}\n`);
      await rename(told, path);
    } catch (error) {
      await unlink(told).catch(() => undefined);
      throw writeFailure(wording.name, path, error);
    }
  };
  return { path, holder, release, tellAddress, [Symbol.asyncDispose]: release };
}

/** Writes the content to `unique` and links it to `path`; false when a lock is there already. */
async function placeLock(path: string, unique: string, content: string, name: LocalizedText): Promise<boolean> {
  try {
    await writeFile(unique, content, { flag: 'wx' });
  } catch (error) {
    throw writeFailure(name, path, error);
  }
  try {
    await link(unique, path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    // A file system without hard links (some network shares): exclusive create, then write.
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS' || code === 'EOPNOTSUPP') return placeExclusive(path, content, name);
    throw writeFailure(name, path, error);
  } finally {
    await unlink(unique).catch(() => undefined);
  }
}

async function placeExclusive(path: string, content: string, name: LocalizedText): Promise<boolean> {
  let fh;
  try {
    fh = await open(path, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw writeFailure(name, path, error);
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
async function removeStale(path: string, stale: RunLockHolder, self: RunLockHolder, name: LocalizedText): Promise<boolean> {
  const aside = `${path}.${self.pid}-${self.token}.stale`;
  try {
    await rename(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false; // someone else moved it
    throw writeFailure(name, path, error);
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
