import { z } from 'zod';
import type { LocalizedText } from '../i18n/localized-text.js';
import { localized } from '../i18n/localized-text.js';
import { shownInstant } from '../i18n/shown-instant.js';

/**
 * The pure side of the sheet lock (src/submit/run-lock.ts does the files): what a lock holds, and
 * the verdict on a lock found in place, for this host and a liveness test passed in.
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
  /** Where the holder can be reached, once it knows (the web workspace's address, never its one-time link). */
  readonly url?: string;
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

const lockHolderSchema = z.object({
  pid: z.number().int().positive(),
  host: z.string(),
  startedAt: z.string(),
  command: z.string(),
  token: z.string(),
  url: z.string().optional(),
});

/** Parses a lock file's text; undefined when it is not one. */
export function parseLockHolder(text: string): RunLockHolder | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = lockHolderSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const { url, ...holder } = parsed.data;
  return url !== undefined ? { ...holder, url } : holder;
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

/**
 * How a lock speaks of what it guards (a journal, the web workspace's folder): its name when it
 * cannot be written, the refusal of a second holder, the notice when a dead holder's lock is taken over.
 */
export interface LockWording {
  readonly name: LocalizedText;
  refusal(verdict: Exclude<LockVerdict, { kind: 'stale' }>, lockPath: string): LocalizedText;
  takenOver(holder: RunLockHolder): LocalizedText;
}

/** How the web workspace names itself in the lock it holds while it sends (submit-routes.ts). */
export const WORKSPACE_RUN_LABEL = 'factura-import serve (espacio de trabajo)';

/**
 * The message of a refused lock: who holds the journal since when, and what to do. Not «this sheet»:
 * the workspace's sheets share one journal, and a file to fix shares its sheet's.
 */
export function lockRefusal(verdict: Exclude<LockVerdict, { kind: 'stale' }>, lockPath: string): LocalizedText {
  if (verdict.kind === 'unreadable') {
    return localized(
      `Otra ejecución podría estar enviando con el mismo diario de envíos: existe el archivo de bloqueo ${lockPath}, pero no se puede leer. Si está seguro de que no hay otra ejecución de factura-import con ese diario, borre ese archivo y vuelva a ejecutar.`,
      `Another run may be sending with the same submission journal: the lock file ${lockPath} exists but cannot be read. If you are sure no other factura-import run uses that journal, delete that file and run again.`,
    );
  }
  const h = verdict.holder;
  const since = shownInstant(h.startedAt);
  if (verdict.kind === 'other-host') {
    return localized(
      `Otra ejecución está enviando con el mismo diario de envíos desde ${since} en el equipo «${h.host}» (PID ${h.pid}: ${h.command}). Espere a que termine allí y vuelva a ejecutar. Desde este equipo no se puede saber si esa ejecución sigue viva: si está seguro de que terminó (el equipo se apagó), borre el archivo de bloqueo ${lockPath}.`,
      `Another run has been sending with the same submission journal since ${since} on the computer "${h.host}" (PID ${h.pid}: ${h.command}). Wait for it to finish there and run again. This computer cannot tell whether that run is still alive: if you are sure it ended (that computer was switched off), delete the lock file ${lockPath}.`,
    );
  }
  // The web workspace sends from its page: it is stopped there, not with Ctrl-C.
  if (h.command === WORKSPACE_RUN_LABEL) {
    return localized(
      `El espacio de trabajo web (PID ${h.pid}) está enviando con el mismo diario de envíos desde ${since}. Espere a que termine y vuelva a ejecutar; para detenerlo, pulse «Detener» en la página de ese envío. No se envió nada.`,
      `The web workspace (PID ${h.pid}) has been sending with the same submission journal since ${since}. Wait for it to finish and run again; to stop it, press «Detener» on that submission's page. Nothing was sent.`,
    );
  }
  return localized(
    `Otra ejecución está enviando con el mismo diario de envíos desde ${since} (PID ${h.pid}: ${h.command}). Espere a que termine y vuelva a ejecutar; para detenerla, pulse Ctrl-C en su ventana. No se envió nada.`,
    `Another run has been sending with the same submission journal since ${since} (PID ${h.pid}: ${h.command}). Wait for it to finish and run again; to stop it, press Ctrl-C in its window. Nothing was sent.`,
  );
}

/** The sheet lock's words: a journal, one run sending with it at a time. */
export const JOURNAL_LOCK_WORDING: LockWording = {
  name: localized('el bloqueo de la hoja', 'the sheet lock'),
  refusal: lockRefusal,
  takenOver: (h) =>
    localized(
      `se toma el bloqueo de una ejecución anterior que ya no existe (PID ${h.pid}, desde ${shownInstant(h.startedAt)}): terminó sin liberarlo (¿se cortó?). El diario dice qué ya se envió.`,
      `taking over the lock of an earlier run that no longer exists (PID ${h.pid}, since ${shownInstant(h.startedAt)}): it ended without releasing it (cut short?). The journal says what was already sent.`,
    ),
};
