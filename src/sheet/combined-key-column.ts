import type { HeaderMatch } from './column-mapping.js';
import { headerKey, withColumnFeeding, withColumnsSetAside } from './column-mapping.js';
import type { HeaderColumn } from './header-map.js';
import type { SourceRow } from './source-row.js';
import type { InvoiceKeyParts } from './split-invoice-key.js';
import { splitInvoiceKey } from './split-invoice-key.js';

/**
 * Headers of a column that holds the serie and the number together, besides the number's own
 * aliases («N° comprobante», «Nro. factura»…), compared as header texts are (headerKey).
 */
const COMBINED_KEY_HEADERS = new Set(
  ['Comprobante', 'Serie-Número', 'Serie y número', 'Serie y correlativo', 'Serie-Correlativo', 'Serie-Nro', 'Factura'].map(headerKey),
);

/** Whether a header names a column of the serie and number together («Comprobante», «Serie-Número»). */
export function isCombinedKeyHeader(header: string): boolean {
  return COMBINED_KEY_HEADERS.has(headerKey(header));
}

/**
 * The header match with the column that holds each invoice's serie and number in one cell
 * («F001-00000123») feeding both, when the sheet has no serie column of its own: the first column
 * named as the number (or with a header such as «Comprobante» or «Serie-Número») whose first value
 * below the header splits so (another column named as the number, a register's «Nº» counter, is
 * then ignored), or one of two columns named as the customer's document whose first value
 * is an invoice key of SUNAT's shape (the other stays the customer's). Otherwise the match as it was: a number column of plain numbers stays a
 * number column (and the missing serie is the header check's to report). A mapping file can also
 * name one column for both; the record reader splits such a column's cells (read-line-records.ts).
 */
export function withCombinedKeyColumn(
  match: HeaderMatch,
  below: readonly SourceRow[],
  /**
   * Also any other column whose first value is an invoice key with a serie of SUNAT's shape
   * («F004-00000088» under an ERP's «DOC»): for a proposal the user confirms (the columns step), never
   * for a run's own header search.
   */
  options: { readonly bySample?: boolean } = {},
): HeaderMatch {
  if (match.matches.has('serie')) return match;
  const numero = match.matches.get('numero');
  const firstKey = (c: HeaderColumn): InvoiceKeyParts | undefined => {
    const first = below.map((r) => r.cells[c.index]).find((cell) => cell !== null && cell !== undefined && (cell.kind !== 'text' || cell.text.trim() !== ''));
    return first?.kind === 'text' ? splitInvoiceKey(first.text) : undefined;
  };
  // «Nro Doc» beside «RUC» in a legacy register: both read as the customer's document, but the first
  // holds «F001-00000101», an invoice key no customer document looks like: it is the invoice's.
  const documents = match.matches.get('receptorNumeroDocumento') ?? [];
  const invoiceDocument = numero === undefined && documents.length > 1 ? documents.find((c) => SUNAT_SERIE.test(firstKey(c)?.serie ?? '')) : undefined;
  if (invoiceDocument !== undefined) {
    const fed = withColumnFeeding(match, invoiceDocument, ['serie', 'numero']);
    const matches = new Map(fed.matches);
    matches.set(
      'receptorNumeroDocumento',
      documents.filter((c) => c !== invoiceDocument),
    );
    return { matches, unknown: fed.unknown };
  }
  const candidates = numero !== undefined ? numero : match.unknown.filter((c) => COMBINED_KEY_HEADERS.has(headerKey(c.header)));
  const combined =
    candidates.find((c) => firstKey(c) !== undefined) ??
    (options.bySample === true && numero === undefined ? match.unknown.find((c) => SUNAT_SERIE.test(firstKey(c)?.serie ?? '')) : undefined);
  if (combined === undefined) return match;
  const fed = withColumnFeeding(match, combined, ['serie', 'numero']);
  // A sales register's «Nº» counter (1, 2, 3…) beside its «N° Comprobante» («F001-00000801»): both
  // headers name the number, and the one holding invoice keys is it; the counter is left out, and
  // listed with the columns the run ignores.
  return withColumnsSetAside(
    fed,
    (numero ?? []).filter((c) => c !== combined),
  );
}

/** A serie as SUNAT gives them: F (factura), B (boleta) or E, then three letters or digits. */
const SUNAT_SERIE = /^[FBE][A-Z0-9]{3}$/i;

/** The column feeding both the serie and the number, when one does. */
export function combinedKeyColumn(columns: Readonly<Partial<Record<'serie' | 'numero', HeaderColumn>>>): HeaderColumn | undefined {
  const { serie, numero } = columns;
  return serie !== undefined && numero !== undefined && serie.index === numero.index ? serie : undefined;
}
