import { FacturaError } from './factura-error.js';
import type { LocalizedText } from './i18n/localized-text.js';
import { localized } from './i18n/localized-text.js';

const REASONS: Readonly<Record<string, LocalizedText>> = {
  ENOSPC: localized('el disco está lleno', 'the disk is full'),
  EDQUOT: localized('se agotó la cuota de disco', 'the disk quota is used up'),
  ENOENT: localized('la carpeta no existe', 'the folder does not exist'),
  ENOTDIR: localized('una parte de la ruta no es una carpeta', 'part of the path is not a folder'),
  EISDIR: localized('la ruta es una carpeta, no un archivo', 'the path is a folder, not a file'),
  EACCES: localized('no hay permiso para escribir ahí', 'there is no permission to write there'),
  EPERM: localized('no hay permiso para escribir ahí', 'there is no permission to write there'),
  EROFS: localized('el disco es de solo lectura', 'the disk is read-only'),
  EBUSY: localized('el archivo está abierto en otro programa (¿Excel?)', 'the file is open in another program (Excel?)'),
};

/** A finished file moved into place found its temporary file (or the folder) gone: not "the folder does not exist". */
const VANISHED = localized(
  'el archivo temporal desapareció antes de ponerlo en su lugar (¿otro programa lo movió o borró, o se borró la carpeta?)',
  'the temporary file vanished before it was moved into place (did another program move or delete it, or the folder?)',
);

/** Why the operating system refused a write, in words a finance user understands. */
export function writeFailureReason(cause: unknown): LocalizedText | undefined {
  const { code, syscall } = (cause ?? {}) as { code?: unknown; syscall?: unknown };
  if (code === 'ENOENT' && syscall === 'rename') return VANISHED;
  return typeof code === 'string' ? REASONS[code] : undefined;
}

/** The run-ending error for an output that could not be written: what, where, and why. */
export function writeFailure(what: LocalizedText, path: string, cause: unknown): FacturaError {
  const why = writeFailureReason(cause);
  return new FacturaError(
    'OUTPUT',
    localized(`No se pudo escribir ${what.es} ${path}${why ? `: ${why.es}` : ''}.`, `Could not write ${what.en} ${path}${why ? `: ${why.en}` : ''}.`),
    { cause },
  );
}
