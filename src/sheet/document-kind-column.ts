import { localized } from '../i18n/localized-text.js';
import type { LocalizedText } from '../i18n/localized-text.js';
import type { Problem } from '../invoice/problem.js';
import { cellDisplayText } from './cell-display-text.js';
import type { HeaderMatch } from './column-mapping.js';
import { headerKey, withColumnsSetAside } from './column-mapping.js';
import type { DocumentKind } from './document-kind-word.js';
import { documentKindOf, isTwoDigitKindCode } from './document-kind-word.js';
import type { HeaderColumn } from './header-map.js';
import type { Cell, SourceRow } from './source-row.js';

/**
 * A register's document-kind column («Tipo de comprobante»: FT, BV, NC…, or SUNAT's 01, 03, 07). A
 * sales register lists boletas and credit notes beside the invoices, each numbered in its own
 * series, and this tool issues invoices only: sent, a credit note F001-55 would be issued as
 * invoice F001-55. It is not one of our columns, so it was ignored with the others; now a row it
 * marks as another kind of document is an error at that cell, and its invoice is not sent.
 */
const KIND_HEADERS = [
  'Tipo de comprobante',
  'Tipo de comprobante de pago',
  'Tipo comprobante pago',
  'Tipo comp',
  'T. comp.',
  'Tipo CP',
  'Tipo CDP',
  'Tipo doc. comprobante',
  'Código comprobante',
  'Cód. comprobante',
  'Código tipo comprobante',
  'Tipo doc. venta',
  'Tipo de documento de venta',
  'Clase de documento',
  'Clase de comprobante',
].map(headerKey);

/**
 * Headers that are also the customer's document type's («Tipo doc.»): this column when the
 * customer's type has a column of its own, or when what it holds are document kinds (FT, BV), which
 * no customer's type is (withDocumentKindColumn).
 */
const SHARED_HEADERS = ['Tipo doc', 'Tipo documento', 'Tipo de documento', 'T. doc.'].map(headerKey);

const HEADERS = new Set([...KIND_HEADERS, ...SHARED_HEADERS]);

/**
 * Short headers registers also give the document's kind («TD», «Tipo», SUNAT's «Tipo (Tabla 10)»),
 * which name other things too: such a column is the kind only when its values are kinds (FT, NC, or
 * a code of two digits: «01», «07»). Unread, a register's credit note «07 FC01-12» was issued as a
 * factura.
 */
const WEAK_HEADERS = new Set(['TD', 'T.D.', 'T/D', 'Tipo', 'Tipo CPE', 'Tipo de CPE', 'Cód. TD', 'Cod TD', 'TDoc', 'Tipo doc SUNAT'].map(headerKey));

/** The document-kind column: where it is and its header, in the sheet's words. */
export type DocumentKindColumn = HeaderColumn;

/** Whether a header names a document-kind column (so it is read, not listed as ignored). */
export function isDocumentKindHeader(header: string): boolean {
  return HEADERS.has(headerKey(header));
}

/**
 * The first document-kind column among the sheet's unknown columns: one named so, else one of the
 * short headers («TD», «Tipo») whose values, in the rows below the header, are kinds. A «Tipo doc.»
 * is among them only when it is not the customer's (withDocumentKindColumn, or a mapping file
 * naming another column for the customer's type).
 */
export function findDocumentKindColumn(unknown: readonly HeaderColumn[], below: readonly SourceRow[]): DocumentKindColumn | undefined {
  return unknown.find((c) => HEADERS.has(headerKey(c.header))) ?? unknown.find((c) => WEAK_HEADERS.has(headerKey(c.header)) && holdsKinds(c, below));
}

/** How many values below the header tell what a «Tipo doc.» column holds. */
const SAMPLED = 20;

/**
 * The header match with a «Tipo doc.» column read as the document's kind rather than the
 * customer's document type, when its first values are all kinds of document: by word (FT, BV, NC,
 * «07 - Nota de crédito») or by a catálogo 01 code with its two digits («01», «07»), which no
 * customer's type is. A code of one digit, «1» or «6», or a word such as RUC, is the customer's
 * type as it always was (beside a customer-type column of its own, the two are then refused as
 * feeding one column, as before). Otherwise, or when a mapping file names the customer's type,
 * the match as it was.
 */
export function withDocumentKindColumn(match: HeaderMatch, below: readonly SourceRow[], options: { readonly mapped: boolean }): HeaderMatch {
  if (options.mapped) return match;
  const types = match.matches.get('receptorTipoDocumento') ?? [];
  const kinds = types.filter((c) => SHARED_HEADERS.includes(headerKey(c.header)) && holdsKinds(c, below));
  return kinds.length === 1 ? withColumnsSetAside(match, kinds) : match;
}

/**
 * The note of a «Tipo doc.» read as the document's kind: the header alone would have made it the
 * customer's document type, so the user is told which reading was taken. Undefined for a column
 * whose header says it is the document's kind.
 */
export function documentKindNote(column: HeaderColumn, headerRow: number): Problem | undefined {
  if (!SHARED_HEADERS.includes(headerKey(column.header))) return undefined;
  const where = `«${column.header}» (${column.letter})`;
  return {
    severity: 'warning',
    code: 'DOCUMENT_KIND_COLUMN',
    row: headerRow,
    value: column.header,
    message: localized(
      `La columna ${where} se lee como el tipo de comprobante (factura, boleta, nota de crédito…), no como el tipo de documento del cliente: una fila que no es de una factura no se envía.`,
      `Column ${where} is read as the kind of document (invoice, receipt, credit note…), not as the customer's document type: a row that is not an invoice's is not sent.`,
    ),
  };
}

function holdsKinds(column: HeaderColumn, below: readonly SourceRow[]): boolean {
  const values = below
    .map((r) => cellDisplayText(r.cells[column.index] ?? null)?.trim() ?? '')
    .filter((t) => t !== '')
    .slice(0, SAMPLED);
  return values.length > 0 && values.every((t) => documentKindOf(t, false) !== undefined || isTwoDigitKindCode(t));
}

/** What a row of each kind is, and what to do with it, in words. */
const KIND_WORDS: Readonly<Record<Exclude<DocumentKind, 'factura'>, { readonly what: LocalizedText; readonly todo: LocalizedText }>> = {
  boleta: {
    what: localized('una boleta de venta', 'a sales receipt (boleta)'),
    todo: localized('Emita la boleta con su sistema de boletas', 'Issue the receipt with your receipts system'),
  },
  notaCredito: {
    what: localized('una nota de crédito', 'a credit note'),
    todo: localized('Emita la nota de crédito aparte, referida a la factura que corrige', 'Issue the credit note apart, referring to the invoice it corrects'),
  },
  notaDebito: {
    what: localized('una nota de débito', 'a debit note'),
    todo: localized('Emita la nota de débito aparte, referida a la factura que corrige', 'Issue the debit note apart, referring to the invoice it corrects'),
  },
  ticket: { what: localized('un ticket', 'a ticket'), todo: localized('Emita el ticket con su sistema', 'Issue the ticket with your system') },
  guia: {
    what: localized('una guía de remisión', 'a delivery note (guía de remisión)'),
    todo: localized('Una guía no es una venta que se facture aquí', 'A delivery note is not a sale invoiced here'),
  },
  honorarios: {
    what: localized('un recibo por honorarios', 'a fee receipt (recibo por honorarios)'),
    todo: localized('Un recibo por honorarios se emite en SUNAT Operaciones en Línea', 'A fee receipt is issued through SUNAT Operaciones en Línea'),
  },
  liquidacion: {
    what: localized('una liquidación de compra', 'a purchase settlement (liquidación de compra)'),
    todo: localized('Emita la liquidación de compra aparte', 'Issue the purchase settlement apart'),
  },
};

/**
 * The error of a row the document-kind column marks as another kind of document than an invoice,
 * or as one it does not know («XX», «Doc. interno»): only what says factura is sent, since a credit
 * note sent as an invoice cannot be taken back. Undefined for an invoice's row and a blank cell.
 */
export function notAnInvoiceProblem(cell: Cell | null, row: number, column: DocumentKindColumn): Problem | undefined {
  if (cell === null) return undefined;
  const text = cellDisplayText(cell);
  if (text === null || text.trim() === '') return undefined;
  const kind = documentKindOf(text, true);
  if (kind === 'factura') return undefined;
  const shown = text.trim();
  const where = localized(`Fila ${row}, «${column.header}»: la hoja dice «${shown}»`, `Row ${row}, "${column.header}": the sheet says "${shown}"`);
  const words = kind === undefined ? undefined : KIND_WORDS[kind];
  return {
    severity: 'error',
    code: words === undefined ? 'DOCUMENT_KIND_UNKNOWN' : 'NOT_AN_INVOICE',
    row,
    column: column.header,
    value: shown,
    message:
      words === undefined
        ? localized(
            `${where.es}, que no es un tipo de comprobante que se reconozca, y esta herramienta solo emite facturas: la fila no se envía sin saber que es una. Si es una factura, escriba «Factura» (o 01); si es otro comprobante, quite sus filas de la hoja.`,
            `${where.en}, which is no known kind of document, and this tool issues invoices only: the row is not sent without knowing it is one. If it is an invoice, write «Factura» (or 01); if it is another document, take its rows out of the sheet.`,
          )
        : localized(
            `${where.es}, ${words.what.es}, y esta herramienta solo emite facturas: enviada, se emitiría como factura con su serie y número. ${words.todo.es}. Quite sus filas de la hoja; si es una factura, corrija «${column.header}».`,
            `${where.en}, ${words.what.en}, and this tool issues invoices only: sent, it would be issued as an invoice with its serie and number. ${words.todo.en}. Take its rows out of the sheet; if it is an invoice, correct "${column.header}".`,
          ),
  };
}
