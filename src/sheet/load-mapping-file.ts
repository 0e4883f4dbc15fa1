import { z } from 'zod';
import { COLUMN_NAMES, isColumnName } from '../invoice/canonical-columns.js';
import type { TipoRegistro } from '../invoice/compute-totals.js';
import { TIPOS_REGISTRO } from '../invoice/compute-totals.js';
import { FacturaError } from '../factura-error.js';
import { readJsonFile } from '../read-json-file.js';
import { localized, type LocalizedText } from '../i18n/localized-text.js';
import { firstAndMore } from '../i18n/first-and-more.js';
import type { ColumnMapping } from './column-mapping.js';

/** How many of a mapping's unknown column names its refusal names (the rest are counted). */
const SHOWN_UNKNOWN_NAMES = 20;

const MappingSchema = z.record(z.string(), z.string().trim().min(1));

/**
 * The key of a mapping file that says whether the unit value it maps includes IGV (no column is
 * named so): a column mapped as a price with IGV is read that way wherever the file is used.
 */
export const MAPPING_TIPO_REGISTRO = 'tipoRegistro';
const isTipoRegistro = (value: string): value is TipoRegistro => (TIPOS_REGISTRO as readonly string[]).includes(value);

/** A `--map` file's content: canonical column → header text, and `tipoRegistro` when it says. */
export type MappingRecord = Readonly<Record<string, string>>;

/** A checked mapping file: its columns, and whether its unit value includes IGV when it says. */
export interface MappingFile {
  readonly columns: ColumnMapping;
  readonly tipoRegistro?: TipoRegistro;
}

/**
 * Checks a parsed `--map` file: a JSON object of canonical column name → the sheet's header text,
 * e.g. `{"serie": "DOC_SERIE", "receptorNumeroDocumento": "CLI_RUC"}`, with an optional
 * `"tipoRegistro": "PRECIOS_CON_IGV"` when the unit value it maps includes IGV. Unknown canonical
 * names, values that are not a header's text and another tipoRegistro are a FacturaError('CONFIG')
 * naming them; `mapping` says what holds it, as a message's subject («El archivo de mapeo x.json»,
 * «La asignación de columnas»).
 */
export function parseMapping(json: unknown, mapping: LocalizedText): MappingFile {
  const parsed = MappingSchema.safeParse(json);
  if (!parsed.success) {
    const keys = [...new Set(parsed.error.issues.filter((i) => i.path.length > 0).map((i) => `«${i.path.join('.')}»`))];
    const which =
      keys.length === 0
        ? localized('', '')
        : localized(
            ` ${keys.join(', ')} no ${keys.length === 1 ? 'tiene' : 'tienen'} el texto de un encabezado.`,
            ` ${keys.join(', ')} ${keys.length === 1 ? 'has' : 'have'} no header text.`,
          );
    throw new FacturaError(
      'CONFIG',
      localized(
        `${mapping.es} debe ser un objeto JSON de columna → texto del encabezado, por ejemplo {"serie": "DOC_SERIE"}.${which.es}`,
        `${mapping.en} must be a JSON object of column → header text, for example {"serie": "DOC_SERIE"}.${which.en}`,
      ),
    );
  }
  const { [MAPPING_TIPO_REGISTRO]: tipoRegistro, ...columns } = parsed.data;
  if (tipoRegistro !== undefined && !isTipoRegistro(tipoRegistro)) {
    throw new FacturaError(
      'CONFIG',
      localized(
        `${mapping.es} indica tipoRegistro «${tipoRegistro}»; se acepta ${TIPOS_REGISTRO.join(' o ')}.`,
        `${mapping.en} gives tipoRegistro «${tipoRegistro}»; accepted: ${TIPOS_REGISTRO.join(' or ')}.`,
      ),
    );
  }
  const unknown = Object.keys(columns).filter((k) => !isColumnName(k));
  if (unknown.length > 0) {
    // The first ones named, the rest counted: a mapping sent to the workspace may name thousands.
    const names = firstAndMore(
      unknown.map((k) => `«${k}»`),
      SHOWN_UNKNOWN_NAMES,
    );
    throw new FacturaError(
      'CONFIG',
      localized(
        `${mapping.es} nombra columnas que no existen: ${names.es}. Las columnas son: ${COLUMN_NAMES.join(', ')}.`,
        `${mapping.en} names columns that do not exist: ${names.en}. The columns are: ${COLUMN_NAMES.join(', ')}.`,
      ),
    );
  }
  return { columns, ...(tipoRegistro !== undefined ? { tipoRegistro } : {}) };
}

/**
 * Reads and checks a `--map mapping.json` file; a missing or malformed file is FacturaError('CONFIG').
 * Resolves to its content as the library's `mapping` option takes it.
 */
export async function loadMappingFile(path: string): Promise<MappingRecord> {
  const json = await readJsonFile(path, localized('El archivo de mapeo', 'The mapping file'));
  parseMapping(json, localized(`El archivo de mapeo ${path}`, `The mapping file ${path}`));
  return json as MappingRecord;
}
