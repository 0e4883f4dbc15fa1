/** Every user-facing message exists in Spanish (the default) and English (`--lang en`). */
export type Lang = 'es' | 'en';

export interface LocalizedText {
  readonly es: string;
  readonly en: string;
}

export function localized(es: string, en: string): LocalizedText {
  return { es, en };
}

export function render(text: LocalizedText | string, lang: Lang): string {
  return typeof text === 'string' ? text : text[lang];
}
