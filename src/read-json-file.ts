import { readFile } from 'node:fs/promises';
import { FacturaError } from './factura-error.js';
import type { LocalizedText } from './i18n/localized-text.js';
import { localized } from './i18n/localized-text.js';
import { parseJsonFile } from './parse-json-file.js';
import { readFailureReason } from './read-failure.js';

/**
 * The value of a JSON file a person wrote (configuration, column mapping, credentials), read from
 * `path`: a file that cannot be read is FacturaError('CONFIG') saying which (`file`: «El archivo
 * de mapeo» / «The mapping file»), where and why; one that is not JSON, as parseJsonFile says.
 */
export async function readJsonFile(path: string, file: LocalizedText): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (cause) {
    const why = readFailureReason(cause);
    const what = { es: lowerFirst(file.es), en: lowerFirst(file.en) };
    throw new FacturaError(
      'CONFIG',
      localized(`No se pudo leer ${what.es} ${path}${why ? `: ${why.es}` : ''}.`, `Could not read ${what.en} ${path}${why ? `: ${why.en}` : ''}.`),
      { cause },
    );
  }
  return parseJsonFile(text, path, file);
}

const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);
