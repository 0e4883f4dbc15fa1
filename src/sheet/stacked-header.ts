import type { ColumnName } from '../invoice/canonical-columns.js';
import { matchKey } from '../invoice/match-key.js';
import type { ColumnMapping, HeaderMatch } from './column-mapping.js';
import { headerKey, headerText } from './column-mapping.js';
import type { HeaderColumn } from './header-map.js';
import { readMappedHeader } from './mapped-header.js';
import type { Cell, SourceRow } from './source-row.js';

/**
 * A header of two or three rows, as accounting programs (Contasis) and SUNAT's own Registro de Ventas
 * e Ingresos (Formato 14.1) lay out a sales register: group titles merged across an upper row
 * («Comprobante de Pago» over «Tipo», «Serie», «Número»; «Cliente» over «Tipo Doc.», «Número»,
 * «Razón Social»), titles under titles on a register of three rows («Información del cliente» over
 * «Documento de identidad» over «Tipo», «Número»), the other headers merged down. The lowest text
 * of each column names it; the titles over a column tell two columns headed alike apart: the
 * comprobante's «Número» is the invoice's number, the customer's «Número» the customer's document.
 * Read one row at a time, a title row was the header and the sheet was refused for «Serie» and
 * «Número» missing, or the lower row was and its two «Número» both fed the number.
 */
export interface StackedHeader {
  /** The header's rows, top first (two or three): the data rows follow the last. */
  readonly rows: readonly SourceRow[];
  /** The top row: the outermost group titles and the headers merged down. */
  readonly upper: SourceRow;
  /** The lowest row: the one the data rows follow. */
  readonly lower: SourceRow;
  /** The header's cells: each column's lowest text (a header merged down is blank below its first row, as a CSV export leaves it). */
  readonly cells: readonly (Cell | null)[];
  /** The group titles over each column, by 0-based index, outermost first (empty: no title over it). */
  readonly groups: readonly (readonly string[])[];
}

/** The most rows a stacked header takes (SUNAT's Formato 14.1: three). */
export const MAX_HEADER_ROWS = 3;

/**
 * `rows` read as one header, when they are two or three consecutive rows and at least one text of
 * an upper row stands over other texts below it (a group title). A title spans its own column and
 * the blank cells of its row after it that have a text below them (merged across: only the first
 * cell of a merged range has the text), or is repeated in each (a CSV export that fills merged
 * cells). A text with nothing different below it is a header of its own (merged down) and ends the
 * group. `undefined` when the rows are not such a header.
 */
export function stackedHeader(rows: readonly SourceRow[]): StackedHeader | undefined {
  const [upper, lower] = [rows[0], rows[rows.length - 1]];
  if (upper === undefined || lower === undefined || rows.length < 2 || rows.length > MAX_HEADER_ROWS) return undefined;
  if (rows.some((r, i) => i > 0 && r.row !== (rows[i - 1]?.row ?? 0) + 1)) return undefined;
  const width = Math.max(...rows.map((r) => r.cells.length));
  const text = (r: number, c: number): string | undefined => headerText(rows[r]?.cells[c] ?? null);
  /** The nearest text below row r in column c. */
  const below = (r: number, c: number): string | undefined => {
    for (let k = r + 1; k < rows.length; k++) {
      const t = text(k, c);
      if (t !== undefined) return t;
    }
    return undefined;
  };
  // Each row's text over each column: its own, or the title running across it from the left.
  const over: (string | undefined)[][] = rows.map((_, r) => {
    const line: (string | undefined)[] = [];
    let title: string | undefined;
    for (let c = 0; c < width; c++) {
      const [own, under] = [text(r, c), below(r, c)];
      if (own !== undefined) title = under !== undefined && matchKey(under) !== matchKey(own) ? own : undefined;
      else if (under === undefined) title = undefined;
      line.push(own ?? (under === undefined ? undefined : title));
    }
    return line;
  });
  const cells: (Cell | null)[] = [];
  const groups: string[][] = [];
  for (let c = 0; c < width; c++) {
    const stack: string[] = [];
    for (const line of over) {
      const t = line[c];
      if (t !== undefined && (stack.length === 0 || matchKey(stack[stack.length - 1] ?? '') !== matchKey(t))) stack.push(t);
    }
    const lowest = [...rows.keys()].reverse().find((r) => text(r, c) !== undefined);
    cells.push(lowest === undefined ? null : (rows[lowest]?.cells[c] ?? null));
    groups.push(stack.slice(0, -1));
  }
  return groups.some((g) => g.length > 0) ? { rows, upper, lower, cells, groups } : undefined;
}

/** The titles over a column as messages name them: «Cliente», or «Información del cliente / Documento de identidad». */
export function titlesText(titles: readonly string[] | undefined): string | undefined {
  return titles === undefined || titles.length === 0 ? undefined : titles.join(' / ');
}

/** What a group title says its columns are about: the document (comprobante), the customer, or the document a credit or debit note modifies. */
type GroupRole = 'invoice' | 'customer' | 'reference';

/** The words of a customer's group title («Cliente», «Datos del cliente», «Adquirente», «Documento de identidad»), by match key. */
const CUSTOMER_WORDS = ['cliente', 'adquirente', 'adquiriente', 'receptor', 'comprador', 'identidad'];
/** The words of a document's group title («Comprobante de pago», «Factura», «Documento de venta»), by match key. */
const INVOICE_WORDS = ['comprobante', 'factura', 'documentodeventa', 'cpe'];

/** The words of the title over the document a note modifies («Referencia del comprobante de pago o documento original que se modifica»), by match key. */
const REFERENCE_WORDS = ['referencia', 'quesemodifica', 'original'];

function groupRole(title: string | undefined): GroupRole | undefined {
  if (title === undefined) return undefined;
  const key = matchKey(title);
  if (REFERENCE_WORDS.some((w) => key.includes(w))) return 'reference';
  if (CUSTOMER_WORDS.some((w) => key.includes(w))) return 'customer';
  if (INVOICE_WORDS.some((w) => key.includes(w))) return 'invoice';
  return undefined;
}

/** Headers of a customer's document that are not a number of the comprobante, whatever the title over them («RUC», «DNI»). */
const IDENTITY_WORDS = ['ruc', 'dni', 'identidad', 'cliente'];

/**
 * The column a header under a group title feeds, when the title changes it: under the customer's
 * title a «Número» (or «Nro», «N°») is the customer's document and a bare «Tipo» the type of that
 * document; under the comprobante's title a «Número doc.» is the invoice's number and a «Tipo doc.»
 * the document's kind (read beside ours, not the customer's type); under the title of the document a
 * credit or debit note modifies (SUNAT's «Referencia del comprobante… que se modifica») a «Fecha»,
 * «Serie», «N° del comprobante» are that document's, never the invoice's. `null`: feeds nothing of ours;
 * `undefined`: what its header says.
 */
function fedUnder(role: GroupRole, column: ColumnName | undefined, header: string): ColumnName | null | undefined {
  if (role === 'reference') return column === undefined ? undefined : null;
  if (role === 'customer') {
    if (column === 'numero') return 'receptorNumeroDocumento';
    if (column === undefined && headerKey(header) === 'tipo') return 'receptorTipoDocumento';
    return undefined;
  }
  if (column === 'receptorNumeroDocumento' && !IDENTITY_WORDS.some((w) => headerKey(header).includes(w))) return 'numero';
  if (column === 'receptorTipoDocumento') return null;
  return undefined;
}

/**
 * The match of a stacked header's cells with each column under a group title feeding what the title
 * says it is (fedUnder). A column the mapping names, or a field the mapping places, is left as the
 * mapping says.
 */
export function withGroupTitles(match: HeaderMatch, header: StackedHeader, mapping: ColumnMapping): HeaderMatch {
  const mappedHeaders = new Set(
    Object.values(mapping)
      .filter((t): t is string => t !== undefined)
      .map((t) => matchKey(readMappedHeader(t).header)),
  );
  const fed = new Map<HeaderColumn, ColumnName | undefined>();
  for (const [name, cols] of match.matches) for (const c of cols) fed.set(c, name);
  for (const c of match.unknown) fed.set(c, undefined);
  const moved = new Map<HeaderColumn, ColumnName | null>();
  for (const [column, name] of fed) {
    const role = stackRole(header.groups[column.index]);
    if (role === undefined || mappedHeaders.has(matchKey(column.header))) continue;
    const target = fedUnder(role, name, column.header);
    if (target === undefined || target === name || (target !== null && mapping[target] !== undefined)) continue;
    // A column feeding several fields (the serie and the number together) is left as it is.
    if (name !== undefined && [...match.matches.values()].filter((cols) => cols.includes(column)).length > 1) continue;
    moved.set(column, target);
  }
  if (moved.size === 0) return match;
  const matches = new Map<ColumnName, HeaderColumn[]>();
  const unknown: HeaderColumn[] = [];
  const feed = (name: ColumnName, c: HeaderColumn): void => void matches.set(name, [...(matches.get(name) ?? []), c]);
  for (const [name, cols] of match.matches) for (const c of cols) if (!moved.has(c)) feed(name, c);
  for (const c of match.unknown) if (!moved.has(c)) unknown.push(c);
  for (const [c, target] of moved) {
    if (target === null) unknown.push(c);
    else feed(target, c);
  }
  for (const cols of matches.values()) cols.sort((a, b) => a.index - b.index);
  unknown.sort((a, b) => a.index - b.index);
  return { matches, unknown };
}

/** What the titles over a column say it is about: the innermost title that says whose it is. */
function stackRole(titles: readonly string[] | undefined): GroupRole | undefined {
  return [...(titles ?? [])]
    .reverse()
    .map(groupRole)
    .find((r) => r !== undefined);
}

/** Whether the titles over a column say whose it is (the comprobante's, the customer's). */
export function isRoleTitle(titles: readonly string[] | undefined): boolean {
  return stackRole(titles) !== undefined;
}

/**
 * The title over column `index` that says it belongs to the document a credit or debit note modifies (SUNAT's
 * «Referencia del comprobante de pago o documento original que se modifica»), if one does: its «Fecha», «Serie»,
 * «N° del comprobante» are never an invoice's, and no mapping should take them for the invoice's own.
 */
export function referenceTitle(header: StackedHeader, index: number): string | undefined {
  return stackRole(header.groups[index]) === 'reference' ? [...(header.groups[index] ?? [])].reverse().find((t) => groupRole(t) === 'reference') : undefined;
}
