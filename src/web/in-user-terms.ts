import type { LocalizedText } from '../index.js';

/**
 * A message as the user reads it: the workspace's own path for the upload (a generated name)
 * becomes «the name they uploaded». Every text that reaches the page about the file goes through here.
 */
export function inUserTerms(text: LocalizedText, file: { readonly storedPath: string; readonly fileName: string }): LocalizedText {
  const name = `«${file.fileName}»`;
  return { es: text.es.replaceAll(file.storedPath, name), en: text.en.replaceAll(file.storedPath, name) };
}
