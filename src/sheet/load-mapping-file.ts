import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { COLUMN_NAMES, isColumnName } from '../invoice/canonical-columns.js';
import { FacturaError } from '../factura-error.js';
import { parseJsonFile } from '../parse-json-file.js';
import { localized } from '../i18n/localized-text.js';
import type { ColumnMapping } from './column-mapping.js';

const MappingSchema = z.record(z.string(), z.string().trim().min(1));

/**
 * Checks a parsed `--map` file: a JSON object of canonical column name → the sheet's header text,
 * e.g. `{"serie": "DOC_SERIE", "receptorNumeroDocumento": "CLI_RUC"}`. Unknown canonical names and
 * non-text values are a FacturaError('CONFIG') naming them.
 */
export function parseMapping(json: unknown, file: string): ColumnMapping {
  const parsed = MappingSchema.safeParse(json);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => (i.path.length > 0 ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
    throw new FacturaError(
      'CONFIG',
      localized(
        `El archivo de mapeo ${file} debe ser un objeto JSON de columna → texto del encabezado, por ejemplo {"serie": "DOC_SERIE"} (${detail}).`,
        `The mapping file ${file} must be a JSON object of column → header text, for example {"serie": "DOC_SERIE"} (${detail}).`,
      ),
    );
  }
  const unknown = Object.keys(parsed.data).filter((k) => !isColumnName(k));
  if (unknown.length > 0) {
    const names = unknown.map((k) => `«${k}»`).join(', ');
    throw new FacturaError(
      'CONFIG',
      localized(
        `El archivo de mapeo ${file} nombra columnas que no existen: ${names}. Las columnas son: ${COLUMN_NAMES.join(', ')}.`,
        `The mapping file ${file} names columns that do not exist: ${names}. The columns are: ${COLUMN_NAMES.join(', ')}.`,
      ),
    );
  }
  return parsed.data;
}

/** Reads and checks a `--map mapping.json` file; a missing or malformed file is FacturaError('CONFIG'). */
export async function loadMappingFile(path: string): Promise<ColumnMapping> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (cause) {
    throw new FacturaError('CONFIG', localized(`No se pudo leer el archivo de mapeo ${path}.`, `Could not read the mapping file ${path}.`), { cause });
  }
  const json = parseJsonFile(text, path, localized('El archivo de mapeo', 'The mapping file'));
  return parseMapping(json, path);
}
