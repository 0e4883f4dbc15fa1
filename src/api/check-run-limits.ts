import { FacturaError } from '../factura-error.js';
import { localized, type LocalizedText } from '../i18n/localized-text.js';
import { shownNumber } from '../i18n/shown-number.js';

/** A run's limits, as the caller gave them. */
export interface RunLimits {
  readonly concurrency?: number | undefined;
  readonly maxAttempts?: number | undefined;
  /** How long to wait for an answer, in the unit `RunLimitNames.timeoutUnit` says. */
  readonly timeout?: number | undefined;
}

/** What the limits are called where they were given: the library's options, or the command line's flags. */
export interface RunLimitNames {
  readonly concurrency: string;
  readonly maxAttempts: string;
  readonly timeout: string;
  readonly timeoutUnit: LocalizedText;
}

/** The library's option names (`timeoutMs` in milliseconds). */
const OPTION_NAMES: RunLimitNames = {
  concurrency: 'concurrency',
  maxAttempts: 'maxAttempts',
  timeout: 'timeoutMs',
  timeoutUnit: localized('milisegundos', 'milliseconds'),
};

/**
 * The one check of a run's limits, for the library (prepareRun) and the command line (before it
 * reads the environment's credentials): concurrency a whole number from 1 to 64, attempts from 1
 * to 20, the timeout above zero. A value out of range is FacturaError('USAGE') naming it as the
 * caller calls it (`names`), with the value received.
 */
export function checkRunLimits(limits: RunLimits, names: RunLimitNames = OPTION_NAMES): void {
  wholeNumberIn(names.concurrency, limits.concurrency, 1, 64);
  wholeNumberIn(names.maxAttempts, limits.maxAttempts, 1, 20);
  const { timeout } = limits;
  if (timeout !== undefined && !(timeout > 0)) {
    throw new FacturaError(
      'USAGE',
      localized(
        `${names.timeout} debe ser una cantidad de ${names.timeoutUnit.es} mayor que cero (se recibió ${shownNumber(timeout, 'es')}).`,
        `${names.timeout} must be a number of ${names.timeoutUnit.en} above zero (got ${shownNumber(timeout, 'en')}).`,
      ),
    );
  }
}

function wholeNumberIn(name: string, value: number | undefined, min: number, max: number): void {
  if (value === undefined || (Number.isInteger(value) && value >= min && value <= max)) return;
  throw new FacturaError(
    'USAGE',
    localized(
      `${name} debe ser un número entero de ${min} a ${max} (se recibió ${shownNumber(value, 'es')}).`,
      `${name} must be a whole number from ${min} to ${max} (got ${shownNumber(value, 'en')}).`,
    ),
  );
}
