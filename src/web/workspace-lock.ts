import { dirname, join } from 'node:path';
import { localized } from '../i18n/localized-text.js';
import type { LocalizedText, Logger, LockWording, RunLock } from '../index.js';
import { acquireLock } from '../index.js';
import { shownInstant } from '../i18n/shown-instant.js';
import { silentLogger } from '../logger.js';

/** The lock file of a workspace folder, beside its database. */
export const WORKSPACE_LOCK = 'espacio-de-trabajo.lock';

/** How the workspace's lock names its holder. */
const SERVE_COMMAND = 'factura-import serve';

/**
 * The words of the workspace's lock. A second `serve` on the folder is told which program has it
 * open, where, and how to reach it or close it; nothing of the workspace was touched.
 */
const WORKSPACE_LOCK_WORDING: LockWording = {
  name: localized('el bloqueo del espacio de trabajo', 'the workspace lock'),
  refusal(verdict, lockPath) {
    const folder = dirname(lockPath);
    if (verdict.kind === 'unreadable') {
      return localized(
        `El espacio de trabajo ${folder} podría estar abierto en otro «factura-import serve»: existe el archivo de bloqueo ${lockPath}, pero no se puede leer. Si está seguro de que no hay otro abierto, borre ese archivo y vuelva a iniciar. No se cambió nada.`,
        `The workspace ${folder} may be open in another «factura-import serve»: the lock file ${lockPath} exists but cannot be read. If you are sure no other one is open, delete that file and start again. Nothing was changed.`,
      );
    }
    const h = verdict.holder;
    const since = shownInstant(h.startedAt);
    const at = h.url !== undefined ? localized(` en ${h.url}`, ` at ${h.url}`) : localized('', '');
    if (verdict.kind === 'other-host') {
      return localized(
        `El espacio de trabajo ${folder} ya está abierto en el equipo «${h.host}» (PID ${h.pid}, desde ${since}${at.es}). Ciérrelo allí (Ctrl-C en su terminal) y vuelva a iniciar. Desde este equipo no se puede saber si sigue abierto: si está seguro de que se cerró (ese equipo se apagó), borre el archivo de bloqueo ${lockPath}. No se cambió nada.`,
        `The workspace ${folder} is already open on the computer "${h.host}" (PID ${h.pid}, since ${since}${at.en}). Close it there (Ctrl-C in its terminal) and start again. This computer cannot tell whether it is still open: if you are sure it closed (that computer was switched off), delete the lock file ${lockPath}. Nothing was changed.`,
      );
    }
    return localized(
      `El espacio de trabajo ${folder} ya está abierto en otro «factura-import serve» (PID ${h.pid}, desde ${since})${at.es}: vuelva a la pestaña del navegador donde lo abrió; si la cerró, detenga ese programa con Ctrl-C en su terminal (o termine el proceso ${h.pid}) e inícielo de nuevo para obtener un enlace nuevo. No se cambió nada.`,
      `The workspace ${folder} is already open in another «factura-import serve» (PID ${h.pid}, since ${since})${at.en}: go back to the browser tab where you opened it; if you closed it, stop that program with Ctrl-C in its terminal (or end process ${h.pid}) and start it again for a new link. Nothing was changed.`,
    );
  },
  takenOver: (h) =>
    localized(
      `se abre el espacio de trabajo que dejó abierto un «factura-import serve» que ya no existe (PID ${h.pid}, desde ${shownInstant(h.startedAt)}): terminó sin cerrarlo (¿se cortó?). Lo que estaba revisando o enviando se marca como interrumpido.`,
      `opening the workspace left open by a «factura-import serve» that no longer exists (PID ${h.pid}, since ${shownInstant(h.startedAt)}): it ended without closing it (cut short?). What it was checking or sending is marked interrupted.`,
    ),
};

/**
 * One `serve` per workspace folder: the lock (the journals' run lock, with a PID and a liveness
 * check) is taken before anything in the folder's database is read or changed. A live holder means
 * FacturaError (exit 2) and nothing touched; a dead one's lock (kill -9, a power cut) is taken over.
 */
export function lockWorkspace(
  workspace: string,
  options: { readonly logger?: Logger; readonly onNotice?: (text: LocalizedText) => void } = {},
): Promise<RunLock> {
  return acquireLock(join(workspace, WORKSPACE_LOCK), {
    command: SERVE_COMMAND,
    logger: options.logger ?? silentLogger(),
    lang: 'es',
    wording: WORKSPACE_LOCK_WORDING,
    ...(options.onNotice !== undefined ? { onNotice: options.onNotice } : {}),
  });
}
