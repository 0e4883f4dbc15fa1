import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../logger.js';
import { mergeJournals } from '../index.js';

/** The workspace's one submission journal, beside its database. */
export const WORKSPACE_JOURNAL = 'envios.journal.jsonl';

/** Where a check's own journal was written when each upload kept one (the library's default beside the upload). */
const CHECK_JOURNAL = 'hoja-subida.journal.jsonl';

/**
 * The journal every submission of the workspace writes to, so that an invoice accepted from one
 * upload is known when another upload (the same sheet again, or a corrected copy) is sent: it is
 * skipped, or refused when its content changed, instead of meeting the service's «ya existe». The
 * journals each upload kept before are folded into it first (oldest first), once.
 */
export async function workspaceJournal(workspace: string, logger?: Logger): Promise<string> {
  const target = join(workspace, WORKSPACE_JOURNAL);
  const checks = join(workspace, 'checks');
  const found: { path: string; at: number }[] = [];
  if (existsSync(checks)) {
    for (const id of await readdir(checks)) {
      const path = join(checks, id, CHECK_JOURNAL);
      const info = await stat(path).catch(() => undefined);
      if (info?.isFile() === true) found.push({ path, at: info.mtimeMs });
    }
  }
  if (found.length === 0) return target;
  found.sort((a, b) => a.at - b.at);
  for (const m of await mergeJournals(
    found.map((f) => f.path),
    target,
  )) {
    if ('refused' in m) logger?.warn({ journal: m.path }, m.refused.es);
    else logger?.info({ journal: m.path, records: m.merged }, 'diario de la revisión unido al del espacio de trabajo');
  }
  return target;
}
