import type { LocalizedText } from './localized-text.js';

/** How a text reaches its reader: the name the user knows the file by in place of its path. */
export interface UserTerms {
  /** The file's path as the run reads it (an upload stored under a generated name)… */
  readonly path?: string;
  /** …and the name its user knows it by, written «name» where the path was. */
  readonly fileName?: string;
}

/**
 * A message as the user reads it: the file's path becomes «the name they know it by». Pure; a text
 * already in those terms comes back unchanged. What a message tells its reader to do is written for
 * them where the message is built (remedies.ts, ValidateOptions.wording), never reworded here.
 */
export function inUserTerms(text: LocalizedText, terms: UserTerms): LocalizedText {
  const { path, fileName } = terms;
  if (path === undefined || fileName === undefined || (!text.es.includes(path) && !text.en.includes(path))) return text;
  return { es: text.es.replaceAll(path, `«${fileName}»`), en: text.en.replaceAll(path, `«${fileName}»`) };
}
