import { FacturaError } from './factura-error.js';
import type { LocalizedText } from './i18n/localized-text.js';
import { localized } from './i18n/localized-text.js';

/**
 * The value of a JSON file a person wrote (configuration, column mapping, credentials), from its
 * text: a leading byte-order mark, which Windows' Notepad writes, is skipped. A syntax error is
 * FacturaError('CONFIG') naming the file (`file`: «El archivo de mapeo» / «The mapping file»), the
 * path, and the line and column where the text stops being JSON, never the parser's own message
 * (English, and it may quote the text: a password).
 */
export function parseJsonFile(text: string, path: string, file: LocalizedText): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return JSON.parse(body) as unknown;
  } catch (error) {
    const where = placeOf(body, error);
    throw new FacturaError(
      'CONFIG',
      localized(
        `${file.es} ${path} no es JSON válido${where === undefined ? '' : ` en la línea ${where.line}, columna ${where.column}`}: revise las comillas, las comas y las llaves cerca de ahí.`,
        `${file.en} ${path} is not valid JSON${where === undefined ? '' : ` at line ${where.line}, column ${where.column}`}: check the quotes, commas and braces around there.`,
      ),
    );
  }
}

/** Where JSON.parse stopped, from its message's «at position N» (or the end, for a cut text). */
function placeOf(body: string, error: unknown): { line: number; column: number } | undefined {
  const message = error instanceof Error ? error.message : '';
  const at = /at position (\d+)/.exec(message)?.[1];
  const offset = at !== undefined ? Number(at) : message.includes('Unexpected end of JSON input') ? body.length : undefined;
  if (offset === undefined) return undefined;
  const before = body.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}
