import type { ColumnName } from '../invoice/canonical-columns.js';
import { matchKey } from '../invoice/match-key.js';
import type { ColumnMapping, HeaderMatch } from './column-mapping.js';
import { headerKey, headerText } from './column-mapping.js';
import type { HeaderColumn } from './header-map.js';
import { readMappedHeader } from './mapped-header.js';
import type { Cell, SourceRow } from './source-row.js';

/**
 * A header of two rows, as accounting programs (Contasis, SUNAT's Formato 14.1) export a sales
 * register: group titles merged across the upper row («Comprobante de Pago» over «Tipo», «Serie»,
 * «Número»; «Cliente» over «Tipo Doc.», «Número», «Razón Social»), the other headers merged down
 * both rows. The lower row names the columns; a title over a column tells two columns headed alike
 * apart: the comprobante's «Número» is the invoice's number, the customer's «Número» the customer's
 * document. Read one row at a time, the upper row was the header and the sheet was refused for
 * «Serie» and «Número» missing, or the lower row was and its two «Número» both fed the number.
 */
export interface TwoRowHeader {
  /** The upper row: the group titles and the headers merged down. */
  readonly upper: SourceRow;
  /** The lower row: the one the data rows follow. */
  readonly lower: SourceRow;
  /** The header's cells: the lower row's, the upper row's where the lower is blank (a header merged down, as a CSV export leaves it). */
  readonly cells: readonly (Cell | null)[];
  /** The group title over each column, by 0-based index (undefined: no title over it). */
  readonly groups: readonly (string | undefined)[];
}

/**
 * `upper` and `lower` read as one header of two rows, when they are consecutive rows and at least
 * one text of the upper row stands over other texts of the lower (a group title). A title spans its
 * own column and the blank cells of the upper row after it (merged across: only the first cell of a
 * merged range has the text), or is repeated in each (a CSV export that fills merged cells). A text
 * the lower row repeats, or has nothing under, is a header of its own and ends the group.
 * `undefined` when the rows are not such a header.
 */
export function twoRowHeader(upper: SourceRow, lower: SourceRow): TwoRowHeader | undefined {
  if (lower.row !== upper.row + 1) return undefined;
  const width = Math.max(upper.cells.length, lower.cells.length);
  const cells: (Cell | null)[] = [];
  const groups: (string | undefined)[] = [];
  let title: string | undefined;
  for (let i = 0; i < width; i++) {
    const top = headerText(upper.cells[i] ?? null);
    const bottom = headerText(lower.cells[i] ?? null);
    if (top !== undefined) title = bottom !== undefined && matchKey(top) !== matchKey(bottom) ? top : undefined;
    else if (bottom === undefined) title = undefined;
    groups.push(bottom === undefined ? undefined : title);
    cells.push(bottom !== undefined ? (lower.cells[i] ?? null) : (upper.cells[i] ?? null));
  }
  return groups.some((g) => g !== undefined) ? { upper, lower, cells, groups } : undefined;
}

/** What a group title says its columns are about: the document (comprobante) or the customer. */
type GroupRole = 'invoice' | 'customer';

/** The words of a customer's group title («Cliente», «Datos del cliente», «Adquirente», «Documento de identidad»), by match key. */
const CUSTOMER_WORDS = ['cliente', 'adquirente', 'adquiriente', 'receptor', 'comprador', 'identidad'];
/** The words of a document's group title («Comprobante de pago», «Factura», «Documento de venta»), by match key. */
const INVOICE_WORDS = ['comprobante', 'factura', 'documentodeventa', 'cpe'];

function groupRole(title: string | undefined): GroupRole | undefined {
  if (title === undefined) return undefined;
  const key = matchKey(title);
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
 * the document's kind (read beside ours, not the customer's type). `null`: feeds nothing of ours;
 * `undefined`: what its header says.
 */
function fedUnder(role: GroupRole, column: ColumnName | undefined, header: string): ColumnName | null | undefined {
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
 * The match of a two-row header's cells with each column under a group title feeding what the title
 * says it is (fedUnder). A column the mapping names, or a field the mapping places, is left as the
 * mapping says.
 */
export function withGroupTitles(match: HeaderMatch, header: TwoRowHeader, mapping: ColumnMapping): HeaderMatch {
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
    const role = groupRole(header.groups[column.index]);
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

/** Whether a group title says whose columns it stands over (the comprobante's, the customer's). */
export function isRoleTitle(title: string | undefined): boolean {
  return groupRole(title) !== undefined;
}
