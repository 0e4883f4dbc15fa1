import { open, stat } from 'node:fs/promises';
import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';
import { readFailureReason } from '../read-failure.js';

/** How much of the file is looked at to tell the format, the encoding and the delimiter. */
const HEAD_BYTES = 64 * 1024;

/**
 * The first bytes of an input file (at most 64 KiB), to tell its format. A missing file, a folder
 * or a file that cannot be read rejects with FacturaError('INPUT') in the user's words.
 */
export async function readFileHead(path: string): Promise<Buffer> {
  let handle;
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw isDirectory(path);
    handle = await open(path, 'r');
    const buffer = Buffer.alloc(Math.min(HEAD_BYTES, Math.max(info.size, 0)));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } catch (error) {
    if (error instanceof FacturaError) throw error;
    throw unreadable(path, error);
  } finally {
    await handle?.close();
  }
}

function unreadable(path: string, error: unknown): FacturaError {
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOENT') {
    return new FacturaError('INPUT', localized(`No se encontró el archivo ${path}.`, `The file ${path} was not found.`), { cause: error });
  }
  // Node's own message is English and technical: the reason in words when the code is a known one.
  const why = readFailureReason(error);
  const detail = error instanceof Error ? error.message : String(error);
  return new FacturaError(
    'INPUT',
    localized(`No se pudo abrir el archivo ${path}: ${why?.es ?? detail}`, `Could not open the file ${path}: ${why?.en ?? detail}`),
    {
      cause: error,
    },
  );
}

function isDirectory(path: string): FacturaError {
  return new FacturaError(
    'INPUT',
    localized(
      `${path} es una carpeta, no un archivo. Indique el archivo .xlsx o .csv con las ventas.`,
      `${path} is a folder, not a file. Give the .xlsx or .csv file with the sales.`,
    ),
  );
}
