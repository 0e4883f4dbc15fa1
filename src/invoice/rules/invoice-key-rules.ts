import type { LocalizedText } from '../../i18n/localized-text.js';
import { localized } from '../../i18n/localized-text.js';
import type { Problem } from '../problem.js';
import type { InvoiceRule } from './invoice-rule.js';
import { errorAt } from './problem-at.js';

export const SERIE_PATTERN = /^(F[A-Z0-9]{3}|\d{4})$/i;

/**
 * What a wrong serie most likely is, as a sentence to add to its message: one written with a space
 * or a dash («F 001», «F-001») is named as it would be (the serie goes to SUNAT as written, so it is
 * not changed here); a boleta's («B001») is said to be one. Empty when nothing is likely.
 */
function serieHint(serie: string): LocalizedText {
  const joined = serie.replace(/[\s._-]+/g, '');
  if (joined !== serie && SERIE_PATTERN.test(joined)) {
    const meant = joined.toUpperCase();
    return localized(` Si es la serie ${meant}, escríbala así, sin espacios ni guiones.`, ` If it is series ${meant}, write it so, without spaces or dashes.`);
  }
  if (/^B[A-Z0-9]{3}$/i.test(serie)) {
    return localized(
      ` «${serie}» es una serie de boleta de venta; aquí se emiten facturas (serie F…).`,
      ` "${serie}" is a sales receipt (boleta) series; this tool issues invoices (series F…).`,
    );
  }
  return localized('', '');
}

/** Series `F` + 3 letters or digits (or 4 digits for contingency), number 1-8 digits without sign, above zero. */
export const invoiceKeyRules: InvoiceRule = (invoice) => {
  const problems: Problem[] = [];
  const serie = invoice.header.serie;
  if (serie !== undefined && !SERIE_PATTERN.test(serie)) {
    problems.push(
      errorAt(
        'SERIE_FORMAT',
        invoice.rowOf('serie'),
        'serie',
        serie,
        `La serie «${serie}» no es válida para una factura: debe ser F seguida de 3 letras o dígitos (F001, FA01), o 4 dígitos para contingencia.${serieHint(serie).es}`,
        `Series "${serie}" is not valid for an invoice: it must be F followed by 3 letters or digits (F001, FA01), or 4 digits for contingency.${serieHint(serie).en}`,
      ),
    );
  }
  const numero = invoice.header.numero;
  if (numero !== undefined && (!/^\d{1,8}$/.test(numero) || /^0+$/.test(numero))) {
    problems.push(
      errorAt(
        'NUMERO_FORMAT',
        invoice.rowOf('numero'),
        'numero',
        numero,
        `El número «${numero}» no es válido: debe ser un entero de 1 a 8 dígitos mayor que cero, sin signos.`,
        `Number "${numero}" is not valid: it must be a whole number of 1 to 8 digits above zero, without signs.`,
      ),
    );
  }
  return problems;
};
