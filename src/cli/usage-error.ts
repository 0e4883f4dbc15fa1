import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';
import { shownNumber } from '../i18n/shown-number.js';

/** A wrong flag or flag value: exit 2 with a message in the run's language, never an internal error. */
export function usage(es: string, en: string): FacturaError {
  return new FacturaError('USAGE', localized(es, en));
}

/** A flag's number as the message shows it: a text that is no number (yargs gives NaN) says so. */
export const received = shownNumber;
