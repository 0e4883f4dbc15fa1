import type { LocalizedText } from './i18n/localized-text.js';
import { localized } from './i18n/localized-text.js';

/** A JSON file's text read, or where it stops being JSON. */
export type ParsedJsonText =
  | { readonly ok: true; readonly value: unknown }
  /** `where`: « en la línea 3, columna 5», or nothing when the parser does not say. */
  | { readonly ok: false; readonly where: LocalizedText };

/**
 * Parses the text of a JSON file a person wrote (configuration, column mapping, credentials):
 * a leading byte-order mark, which Windows' Notepad writes, is skipped; a syntax error gives its
 * line and column, never the parser's own message (English, and it may quote the text: a password).
 */
export function parseJsonText(text: string): ParsedJsonText {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return { ok: true, value: JSON.parse(body) as unknown };
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    const at = /at position (\d+)/.exec(message)?.[1];
    const offset = at !== undefined ? Number(at) : message.includes('Unexpected end of JSON input') ? body.length : undefined;
    if (offset === undefined) return { ok: false, where: localized('', '') };
    const before = body.slice(0, offset).split('\n');
    const line = before.length;
    const column = (before.at(-1)?.length ?? 0) + 1;
    return { ok: false, where: localized(` en la línea ${line}, columna ${column}`, ` at line ${line}, column ${column}`) };
  }
}
