import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';

/** A wrong flag or flag value: exit 2 with a message in the run's language, never an internal error. */
export function usage(es: string, en: string): FacturaError {
  return new FacturaError('USAGE', localized(es, en));
}

/** A flag's number as the message shows it: a text that is no number (yargs gives NaN) says so. */
export function received(value: number, lang: 'es' | 'en'): string {
  if (Number.isNaN(value)) return localized('un texto que no es un número', 'a text that is not a number')[lang];
  return String(value);
}
