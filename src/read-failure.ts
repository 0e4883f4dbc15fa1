import type { LocalizedText } from './i18n/localized-text.js';
import { localized } from './i18n/localized-text.js';

const REASONS: Readonly<Record<string, LocalizedText>> = {
  ENOENT: localized('no existe', 'it does not exist'),
  ENOTDIR: localized('una parte de la ruta no es una carpeta', 'part of the path is not a folder'),
  EISDIR: localized('es una carpeta, no un archivo', 'it is a folder, not a file'),
  EACCES: localized('no hay permiso para leerlo', 'there is no permission to read it'),
  EPERM: localized('no hay permiso para leerlo', 'there is no permission to read it'),
  EBUSY: localized('está abierto en otro programa (¿Excel?)', 'it is open in another program (Excel?)'),
  EIO: localized('el disco no pudo leerlo', 'the disk could not read it'),
};

/** Why the operating system refused to read a file, in words a finance user understands (never Node's English message). */
export function readFailureReason(cause: unknown): LocalizedText | undefined {
  const code = (cause as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? REASONS[code] : undefined;
}
