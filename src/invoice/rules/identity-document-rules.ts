import type { ColumnName } from '../canonical-columns.js';
import { BUILTIN_CATALOGUES, catalogueWord } from '../catalogues.js';
import type { Problem } from '../problem.js';
import type { InvoiceRule } from './invoice-rule.js';
import { localized } from '../../i18n/localized-text.js';
import { errorAt } from './problem-at.js';

const RUC_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;
const RUC_PREFIXES = ['10', '15', '16', '17', '20'];
/** Operations whose buyer may hold no RUC (docs/service-contract.md §9: exports and non-domiciled buyers). */
const FOREIGN_OPERATIONS = new Set(['EXPORTACION', 'NO_DOMICILIADOS']);

/** SUNAT's check digit: weights 5,4,3,2,7,6,5,4,3,2 over the first ten digits, (11 − s mod 11) mod 10. */
export function rucCheckDigit(firstTen: string): number {
  let s = 0;
  RUC_WEIGHTS.forEach((w, i) => (s += w * Number(firstTen[i])));
  return (11 - (s % 11)) % 10;
}

/** The 11-digit RUC whose first ten digits are `firstTen`, completed with its check digit. */
export function withRucCheckDigit(firstTen: string): string {
  return `${firstTen}${rucCheckDigit(firstTen)}`;
}

export function isValidRuc(ruc: string): boolean {
  return /^\d{11}$/.test(ruc) && RUC_PREFIXES.includes(ruc.slice(0, 2)) && rucCheckDigit(ruc) === Number(ruc[10]);
}

/** Letters typed for the digits they look like: «2060457712O» is a RUC with a letter O for a zero. */
const DIGIT_LOOKALIKES: Readonly<Record<string, string>> = { O: '0', o: '0', I: '1', l: '1' };

/** The RUC its writer meant when it is 11 characters, digits but for letters that look like digits; undefined otherwise. */
export function rucWithLookalikes(text: string): string | undefined {
  if (text.length !== 11 || /^\d+$/.test(text)) return undefined;
  let digits = '';
  for (const ch of text) {
    const d = /\d/.test(ch) ? ch : DIGIT_LOOKALIKES[ch];
    if (d === undefined) return undefined;
    digits += d;
  }
  return digits;
}

/** Every problem of a RUC: length/digits, prefix, check digit. */
export function rucProblems(ruc: string, row: number, column: ColumnName): Problem[] {
  const meant = rucWithLookalikes(ruc);
  if (meant !== undefined) {
    const letters = [...new Set([...ruc].filter((ch) => !/\d/.test(ch)))];
    const said = letters.map((ch) => `«${ch}»`).join(', ');
    const valid = isValidRuc(meant)
      ? localized(` Con dígitos sería ${meant}, un RUC válido.`, ` With digits it would be ${meant}, a valid RUC.`)
      : localized('', '');
    return [
      errorAt(
        'RUC_LETTER_FOR_DIGIT',
        row,
        column,
        ruc,
        `El RUC «${ruc}» lleva ${letters.length === 1 ? 'la letra' : 'las letras'} ${said} en lugar de dígitos: un RUC solo tiene números.${valid.es}`,
        `RUC "${ruc}" has the ${letters.length === 1 ? 'letter' : 'letters'} ${said} in place of digits: a RUC holds digits only.${valid.en}`,
      ),
    ];
  }
  if (!/^\d{11}$/.test(ruc)) {
    return [
      errorAt(
        'RUC_FORMAT',
        row,
        column,
        ruc,
        `El RUC «${ruc}» debe tener exactamente 11 dígitos (tiene ${ruc.length} caracteres).`,
        `RUC "${ruc}" must be exactly 11 digits (it has ${ruc.length} characters).`,
      ),
    ];
  }
  const problems: Problem[] = [];
  if (!RUC_PREFIXES.includes(ruc.slice(0, 2))) {
    problems.push(
      errorAt('RUC_PREFIX', row, column, ruc, `El RUC «${ruc}» debe empezar por 10, 15, 16, 17 o 20.`, `RUC "${ruc}" must start with 10, 15, 16, 17 or 20.`),
    );
  }
  const expected = rucCheckDigit(ruc);
  if (expected !== Number(ruc[10])) {
    problems.push(
      errorAt(
        'RUC_CHECK_DIGIT',
        row,
        column,
        ruc,
        `El RUC «${ruc}» no es válido: su dígito verificador (el último) no corresponde. Revise que no falte ni sobre un dígito.`,
        `RUC "${ruc}" is not valid: its check digit (the last one) does not match. Check for a mistyped digit.`,
      ),
    );
  }
  return problems;
}

/** The issuer the sheet names (`emisorRuc`) must be a valid RUC; the customer's document: its format by type, and a RUC for a domestic sale. */
export const identityDocumentRules: InvoiceRule = (invoice) => {
  const tipo = invoice.header.receptorTipoDocumento;
  const numero = invoice.header.receptorNumeroDocumento;
  // The number's row (a search through the lines) is looked up only for a problem.
  const problems: Problem[] = [];
  const emisorRuc = invoice.header.emisorRuc;
  if (emisorRuc !== undefined) problems.push(...rucProblems(emisorRuc, invoice.rowOf('emisorRuc'), 'emisorRuc'));
  if (numero !== undefined && tipo !== undefined) {
    if (tipo === 'RUC') {
      // isValidRuc is exactly "rucProblems finds nothing".
      if (!isValidRuc(numero)) problems.push(...rucProblems(numero, invoice.rowOf('receptorNumeroDocumento'), 'receptorNumeroDocumento'));
    } else if (tipo === 'DOC_NACIONAL_DE_IDENTIDAD') {
      if (!/^\d{8}$/.test(numero)) {
        problems.push(
          errorAt(
            'DNI_FORMAT',
            invoice.rowOf('receptorNumeroDocumento'),
            'receptorNumeroDocumento',
            numero,
            `El DNI «${numero}» debe tener exactamente 8 dígitos.`,
            `DNI "${numero}" must be exactly 8 digits.`,
          ),
        );
      }
    } else if (!/^[A-Za-z0-9]{1,15}$/.test(numero)) {
      problems.push(
        errorAt(
          'IDENTITY_DOCUMENT_FORMAT',
          invoice.rowOf('receptorNumeroDocumento'),
          'receptorNumeroDocumento',
          numero,
          `El documento «${numero}» debe tener de 1 a 15 letras o dígitos, sin espacios ni signos.`,
          `Document "${numero}" must have 1 to 15 letters or digits, without spaces or symbols.`,
        ),
      );
    }
  }
  const operacion = invoice.header.tipoOperacion;
  if (tipo !== undefined && tipo !== 'RUC' && operacion !== undefined && !FOREIGN_OPERATIONS.has(operacion)) {
    const operacionWord = catalogueWord(BUILTIN_CATALOGUES, 'tipoOperacion', operacion);
    const tipoWord = catalogueWord(BUILTIN_CATALOGUES, 'tipoDocumentoIdentidad', tipo);
    // A type the sheet does not have (worked out from the number: 8 digits, a DNI) is shown at the number, with the number.
    const place: ColumnName =
      invoice.inferred?.has('receptorTipoDocumento') === true && numero !== undefined ? 'receptorNumeroDocumento' : 'receptorTipoDocumento';
    problems.push(
      errorAt(
        'RECEPTOR_RUC_REQUIRED',
        invoice.rowOf(place),
        place,
        place === 'receptorNumeroDocumento' ? numero : tipo,
        `Con el tipo de operación «${operacionWord}», la factura exige que el cliente tenga RUC; este cliente tiene ${tipoWord}. A un cliente sin RUC se le emite una boleta, y esta herramienta solo emite facturas: quite esta venta de la hoja y emita la boleta con su sistema de boletas. Si es una exportación o un cliente no domiciliado, indíquelo en el tipo de operación.`,
        `With the operation type «${operacionWord}», the invoice requires a customer with a RUC; this customer has ${tipoWord}. A customer without a RUC gets a receipt (boleta), and this tool issues invoices only: take this sale out of the sheet and issue the receipt with your receipts system. For an export or a non-domiciled customer, say so in the operation type.`,
      ),
    );
  }
  return problems;
};
