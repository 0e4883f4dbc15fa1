import { visibleBidiControls } from './visible-bidi-controls.js';

/** Every user-facing message exists in Spanish (the default) and English (`--lang en`). */
export type Lang = 'es' | 'en';

export interface LocalizedText {
  readonly es: string;
  readonly en: string;
}

/**
 * A message in both languages. The values it quotes come from the user's sheet and files: a
 * bidirectional control among them is written visibly (visible-bidi-controls.ts), so no message
 * is shown reversed, wherever it is shown.
 */
export function localized(es: string, en: string): LocalizedText {
  return { es: visibleBidiControls(es), en: visibleBidiControls(en) };
}

export function render(text: LocalizedText | string, lang: Lang): string {
  return typeof text === 'string' ? text : text[lang];
}
