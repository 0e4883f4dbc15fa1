import type { LocalizedText } from '../../i18n/localized-text.js';
import { localized } from '../../i18n/localized-text.js';
import { Decimal } from 'decimal.js';
import type { Problem } from '../problem.js';
import type { AmountName } from '../problem-code.js';
import type { InvoiceRule } from './invoice-rule.js';
import { errorAt } from './problem-at.js';

const PLAIN_DECIMAL = /^[+-]?\d+(\.\d+)?$/;
/** Already canonical: no sign, no leading or trailing zeros. */
const CANONICAL = /^(0|[1-9]\d*)(\.\d*[1-9])?$/;
const MAX_INTEGER_DIGITS = 12;
const MAX_DECIMALS = 10;

/** The canonical text of an exact decimal ("0012.50" → "12.5"), or undefined when it is not one. */
export function canonicalDecimal(value: string): string | undefined {
  if (CANONICAL.test(value)) return value; // the common case, without a Decimal
  return PLAIN_DECIMAL.test(value) ? new Decimal(value).toFixed() : undefined;
}

/**
 * What to do about too many decimals: they come from a formula (a price with IGV divided by 1.18
 * gives 15.677966101694915), which the reader takes as its exact result.
 */
const ROUND_IT = localized(
  `Redondee el número a ${MAX_DECIMALS} decimales o menos; si sale de una fórmula (por ejemplo, el precio con IGV entre 1.18), póngala dentro de la función REDONDEAR de Excel con ${MAX_DECIMALS} decimales.`,
  `Round the number to ${MAX_DECIMALS} decimals or fewer; if a formula gives it (e.g. the price with IGV divided by 1.18), wrap it in Excel's ROUND function with ${MAX_DECIMALS} decimals.`,
);

function digitProblems(
  amount: AmountName,
  row: number,
  column: 'cantidad' | 'valorVentaUnitario',
  value: string,
  canonical: string,
  what: LocalizedText,
): Problem[] {
  const sign = canonical.startsWith('-') ? 1 : 0;
  const point = canonical.indexOf('.');
  const int = { length: (point < 0 ? canonical.length : point) - sign };
  const frac = { length: point < 0 ? 0 : canonical.length - point - 1 };
  const problems: Problem[] = [];
  if (int.length > MAX_INTEGER_DIGITS) {
    problems.push(
      errorAt(
        `${amount}_INTEGER_DIGITS`,
        row,
        column,
        value,
        `${what.es} «${value}» tiene ${int.length} dígitos enteros; SUNAT admite como máximo ${MAX_INTEGER_DIGITS}.`,
        `${what.en} "${value}" has ${int.length} integer digits; SUNAT allows at most ${MAX_INTEGER_DIGITS}.`,
      ),
    );
  }
  if (frac.length > MAX_DECIMALS) {
    problems.push(
      errorAt(
        `${amount}_DECIMAL_DIGITS`,
        row,
        column,
        value,
        `${what.es} «${value}» tiene ${frac.length} decimales; SUNAT admite como máximo ${MAX_DECIMALS}. ${ROUND_IT.es}`,
        `${what.en} "${value}" has ${frac.length} decimals; SUNAT allows at most ${MAX_DECIMALS}. ${ROUND_IT.en}`,
      ),
    );
  }
  return problems;
}

function notANumber(row: number, column: 'cantidad' | 'valorVentaUnitario', value: string, what: LocalizedText): Problem {
  return errorAt('NOT_A_NUMBER', row, column, value, `${what.es} «${value}» no es un número.`, `${what.en} "${value}" is not a number.`);
}

const QUANTITY = localized('La cantidad', 'Quantity');
const UNIT_VALUE = localized('El valor unitario', 'Unit value');

export function quantityProblems(row: number, value: string): Problem[] {
  const canonical = canonicalDecimal(value);
  if (canonical === undefined) return [notANumber(row, 'cantidad', value, QUANTITY)];
  const problems: Problem[] = [];
  if (canonical.startsWith('-') || !/[1-9]/.test(canonical)) {
    problems.push(
      errorAt(
        'QUANTITY_NOT_POSITIVE',
        row,
        'cantidad',
        value,
        canonical.startsWith('-')
          ? `La cantidad debe ser mayor que cero (se leyó «${value}»). Una factura no lleva líneas negativas: una devolución se hace con una nota de crédito.`
          : `La cantidad debe ser mayor que cero (se leyó «${value}»).`,
        canonical.startsWith('-')
          ? `Quantity must be above zero (read "${value}"). An invoice has no negative lines: a return is made with a credit note.`
          : `Quantity must be above zero (read "${value}").`,
      ),
    );
  }
  problems.push(...digitProblems('QUANTITY', row, 'cantidad', value, canonical, QUANTITY));
  return problems;
}

export function unitValueProblems(row: number, value: string): Problem[] {
  const canonical = canonicalDecimal(value);
  if (canonical === undefined) return [notANumber(row, 'valorVentaUnitario', value, UNIT_VALUE)];
  const problems: Problem[] = [];
  const zero = !/[1-9]/.test(canonical);
  if (zero) {
    problems.push(
      errorAt(
        'UNIT_VALUE_ZERO',
        row,
        'valorVentaUnitario',
        value,
        'El valor unitario es cero: el servicio rechaza la factura entera si una línea tiene precio cero («Al menos debe ingresar un precio de venta referencial»). Indique el precio de la línea.',
        'The unit value is zero: the service rejects the whole invoice when a line has a zero price ("Al menos debe ingresar un precio de venta referencial"). Give the line a price.',
      ),
    );
  } else if (canonical.startsWith('-')) {
    problems.push(
      errorAt(
        'UNIT_VALUE_NEGATIVE',
        row,
        'valorVentaUnitario',
        value,
        `El valor unitario no puede ser negativo (se leyó «${value}»). Un descuento va restado del valor unitario de su línea; una devolución o un descuento posterior, en una nota de crédito.`,
        `The unit value cannot be negative (read "${value}"). A discount is taken off its line's unit value; a return or a later discount goes in a credit note.`,
      ),
    );
  }
  const digits = digitProblems('UNIT_VALUE', row, 'valorVentaUnitario', value, canonical, UNIT_VALUE);
  problems.push(...digits);
  return problems;
}

/**
 * Canonical, above zero and within 12 integer and 10 decimal digits: what quantityProblems and
 * unitValueProblems find nothing in (nearly every amount of a sheet), told by one test.
 */
const FINE_AMOUNT = /^(?:[1-9]\d{0,11}(?:\.\d{0,9}[1-9])?|0\.\d{0,9}[1-9])$/;

/** Quantity > 0 and unit value > 0, each within SUNAT's 12 integer and 10 decimal digits. */
export const amountRules: InvoiceRule = (invoice) => {
  const problems: Problem[] = [];
  for (const line of invoice.lines) {
    const { cantidad, valorVentaUnitario } = line.values;
    if (cantidad !== undefined && !FINE_AMOUNT.test(cantidad)) problems.push(...quantityProblems(line.row, cantidad));
    if (valorVentaUnitario !== undefined && !FINE_AMOUNT.test(valorVentaUnitario)) problems.push(...unitValueProblems(line.row, valorVentaUnitario));
  }
  return problems;
};
