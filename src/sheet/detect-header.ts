import type { ColumnName } from '../invoice/canonical-columns.js';
import { headerWithLetter } from './mapped-header.js';
import { shownRowSpan } from '../i18n/shown-row-span.js';
import { columnDefinition, REQUIRED_COLUMNS } from '../invoice/canonical-columns.js';
import type { Problem } from '../invoice/problem.js';
import { FacturaError } from '../factura-error.js';
import { localized, type LocalizedText } from '../i18n/localized-text.js';
import { firstAndMore } from '../i18n/first-and-more.js';
import type { ColumnMapping, HeaderMatch } from './column-mapping.js';
import { acceptedHeaders, firstColumns, headerKey, headerText, matchHeaderCells } from './column-mapping.js';
import type { HeaderColumn, HeaderMap } from './header-map.js';
import { combinedKeyColumn, isCombinedKeyHeader } from './combined-key-column.js';
import { isPlainPriceHeader, isPriceWithIgvHeader } from './price-with-igv-column.js';
import { sheetAmountKind } from './sheet-amount-columns.js';
import { unitQuantityNote } from './line-amount-as-unit.js';
import { headerReading, type HeaderReading } from './header-reading.js';
import { isRoleTitle, MAX_HEADER_ROWS, referenceTitle, stackedHeader, titlesText, type StackedHeader } from './stacked-header.js';
import { isFixNotesHeader } from './fix-notes-header.js';
import { isSaleStateHeader } from './sale-state-column.js';
import { documentKindNote, findDocumentKindColumn, isDocumentKindHeader } from './document-kind-column.js';
import { repairGarbled } from './garbled-text.js';
import { titleCurrency, type TitleCurrency } from './title-currency.js';
import type { Cell, SourceRow } from './source-row.js';
import type { Wording } from '../remedies.js';
import { mapMissingColumnRemedy, remedy, sayWhichIsWhichRemedy } from '../remedies.js';
import { rowRanges } from '../invoice/row-ranges.js';

/**
 * How many rows from the top are searched for the header row (ERP exports may put dozens of note
 * rows above it); they are the only rows ever held in memory at once.
 */
export const HEADER_SEARCH_ROWS = 100;
/** A header row names at least this many canonical columns… */
export const MIN_KNOWN_COLUMNS = 3;
/** …of which at least this many are required ones (a title row rarely says «Serie», «Número» and «RUC»). */
export const MIN_REQUIRED_COLUMNS = 2;

export interface DetectedHeader {
  readonly header: HeaderMap;
  /** Index of the header row within the rows given. */
  readonly position: number;
  /** Warnings: title rows skipped, unknown columns, mapped columns not found. */
  readonly notes: readonly Problem[];
  /** The currency the title rows name, when the sheet has no moneda column (title-currency.ts). */
  readonly titleCurrency?: TitleCurrency;
}

export interface DetectHeaderOptions {
  /** The input's name, for messages. */
  readonly file: string;
  readonly mapping?: ColumnMapping;
  /** True when `rows` is the whole file (it ended before the search window did). */
  readonly wholeFile: boolean;
  /** Unit values include IGV (`--tipo-registro PRECIOS_CON_IGV`): a «Precio unitario con IGV» column is the unit value. */
  readonly pricesWithIgv?: boolean;
  /** Whom the messages speak to: how each says what to do (remedies.ts); default the library's caller. */
  readonly wording?: Wording;
}

/** Whether a row's cells make a header row (the same test detectHeader applies). */
export function isHeaderRow(cells: readonly (Cell | null)[], mapping: ColumnMapping = {}): boolean {
  return isHeaderCandidate(matchHeaderCells(cells, mapping));
}

/**
 * Whether a row is the header of a sheet of sales: a header row (isHeaderRow) that names the
 * invoice's serie or number (or both in one column), or its lines (a description and a quantity:
 * an older layout keeps «F001-00000101» under «Nro Doc»). A workbook's customer list («RUC», «Razón
 * social», «Dirección») is a header row too; taken as the sheet to read, the workbook was refused
 * for the columns its sales sheet has.
 */
export function isSalesHeaderRow(cells: readonly (Cell | null)[], mapping: ColumnMapping = {}): boolean {
  const match = matchHeaderCells(cells, mapping);
  const named = (c: ColumnName): boolean => match.matches.has(c);
  return (
    isHeaderCandidate(match) &&
    (named('serie') || named('numero') || (named('descripcion') && named('cantidad')) || match.unknown.some((c) => isCombinedKeyHeader(c.header)))
  );
}

function isHeaderCandidate(match: HeaderMatch): boolean {
  const known = [...match.matches.keys()];
  return known.length >= MIN_KNOWN_COLUMNS && known.filter((c) => REQUIRED_COLUMNS.includes(c)).length >= MIN_REQUIRED_COLUMNS;
}

/**
 * Where the header row is among `rows`: the first header row (isHeaderCandidate), unless a mapping
 * names a column that row does not have and a row further down has every column it names. A
 * register's header of two rows (merged «Comprobante de pago» and «Cliente» over «Serie», «Número»…)
 * made the row of the merged cells the header, and a mapping chosen on the row below, as the
 * workspace's columns step shows it, was refused for naming headers «not in the header row».
 * -1 when no row is a header row.
 */
function headerPosition(rows: readonly SourceRow[], mapping: ColumnMapping): number {
  const first = rows.findIndex((r) => isHeaderCandidate(matchHeaderCells(r.cells, mapping)));
  const mapped = (Object.keys(mapping) as ColumnName[]).filter((c) => mapping[c] !== undefined);
  const namesAll = (match: HeaderMatch): boolean => isHeaderCandidate(match) && mapped.every((c) => match.matches.has(c));
  const firstRow = rows[first];
  if (firstRow === undefined || mapped.length === 0 || namesAll(matchHeaderCells(firstRow.cells, mapping))) return first;
  const later = rows.slice(first + 1).findIndex((r) => namesAll(matchHeaderCells(r.cells, mapping)));
  return later === -1 ? first : first + 1 + later;
}

/** A header's reading at one position of the rows searched: what it feeds, what is missing, what two columns feed. */
interface ReadingAt extends HeaderReading {
  /** Index of the row the data follows (the lowest row of a stacked header). */
  readonly position: number;
  readonly stacked: StackedHeader | undefined;
  readonly missing: readonly ColumnName[];
  readonly conflicts: readonly (readonly [ColumnName, readonly HeaderColumn[]])[];
}

function readingAt(
  rows: readonly SourceRow[],
  position: number,
  stacked: StackedHeader | undefined,
  mapping: ColumnMapping,
  pricesWithIgv: boolean,
): ReadingAt {
  const cells = stacked?.cells ?? rows[position]?.cells ?? [];
  // A register of one amount per line and no quantity: each line is one unit of it (line-amount-as-unit.ts).
  const read = headerReading(cells, rows.slice(position + 1), { mapping, pricesWithIgv, ...(stacked !== undefined ? { stacked } : {}) });
  const missing = REQUIRED_COLUMNS.filter((c) => !read.match.matches.has(c) && !(c === 'cantidad' && read.unitQuantity));
  const conflicts = [...read.match.matches].filter(([, cols]) => cols.length > 1);
  return { ...read, position, stacked, missing, conflicts };
}

/**
 * The header read as a stack of two or three rows that takes in the header row found (stacked-header.ts:
 * group titles over the rows that name the columns), when that reads more of the required columns
 * than the row alone, or as many and a group title says whose columns they are (the comprobante's,
 * the customer's): then its two columns headed alike are refused as such, naming them. Of several
 * stacks, the one that reads the most required columns, then ends lowest (SUNAT's Formato 14.1 has
 * a third row under its titles: read as two rows, its «Documento de identidad» was the customer's
 * document and the «Tipo» and «Número» under it were left out), then has the fewest columns feeding
 * one field. Undefined when no stack is such a header.
 */
function stackedReading(
  rows: readonly SourceRow[],
  position: number,
  single: ReadingAt,
  mapping: ColumnMapping,
  pricesWithIgv: boolean,
): ReadingAt | undefined {
  const named = (r: ReadingAt): number => REQUIRED_COLUMNS.length - r.missing.length;
  const rank = (r: ReadingAt): number[] => [named(r), r.position, -r.conflicts.length];
  const before = (a: ReadingAt, b: ReadingAt): boolean => {
    const [x, y] = [rank(a), rank(b)];
    const i = x.findIndex((v, k) => v !== y[k]);
    return i !== -1 && (x[i] ?? 0) > (y[i] ?? 0);
  };
  let best: ReadingAt | undefined;
  for (let size = 2; size <= MAX_HEADER_ROWS; size++) {
    for (let top = position - size + 1; top <= position; top++) {
      const stack = rows.slice(Math.max(top, 0), top + size);
      // Every row of a header has a text: a blank row above it is no part of it.
      if (top < 0 || stack.length !== size || stack.some((r) => r.cells.every((c) => headerText(c) === undefined))) continue;
      const header = stackedHeader(stack);
      if (header === undefined) continue;
      const read = readingAt(rows, top + size - 1, header, mapping, pricesWithIgv);
      const better = named(read) > named(single) || (named(read) === named(single) && header.groups.some(isRoleTitle));
      if (better && (best === undefined || before(read, best))) best = read;
    }
  }
  return best;
}

/** Where the header is: «la fila 5», or «las filas 4 y 5» for a header of two rows, «las filas 6 a 8» for one of three. */
function headerRowsText(rows: HeaderRows): LocalizedText {
  if (rows.upper === undefined) return localized(`la fila ${rows.row}`, `row ${rows.row}`);
  const span = shownRowSpan(rows.upper, rows.row);
  return localized(`las filas ${span.es}`, `rows ${span.en}`);
}

/** Where a message says the header is: «fila de encabezados 5», or «encabezados en las filas 4 y 5». */
function headerPlaceText(rows: HeaderRows): LocalizedText {
  if (rows.upper === undefined) return localized(`fila de encabezados ${rows.row}`, `header row ${rows.row}`);
  const span = shownRowSpan(rows.upper, rows.row);
  return localized(`encabezados en las filas ${span.es}`, `header on rows ${span.en}`);
}

/** The header's row, and its top row (of group titles) when it takes more than one. */
interface HeaderRows {
  readonly row: number;
  readonly upper?: number;
}

const quote = (s: string): string => `«${s}»`;
const where = (c: HeaderColumn): string => `«${c.header}» (${c.letter})`;

/**
 * Finds the header row among the first rows of a sheet: the first row naming at least
 * MIN_KNOWN_COLUMNS canonical columns, MIN_REQUIRED_COLUMNS of them required. Rows above it are
 * titles (reported as a warning). Throws FacturaError('INPUT') when no row qualifies, when
 * required columns are missing (one error listing all of them) or when two source columns feed
 * the same canonical column.
 */
export function detectHeader(rows: readonly SourceRow[], options: DetectHeaderOptions): DetectedHeader {
  const mapping = options.mapping ?? {};
  const { wording } = options;
  if (rows.length === 0) {
    throw new FacturaError('INPUT', localized(`${options.file} está vacío: no tiene ninguna fila.`, `${options.file} is empty: it has no rows.`));
  }
  const first = headerPosition(rows, mapping);
  if (rows[first] === undefined) throw noHeader(options, rows.length);
  const pricesWithIgv = options.pricesWithIgv === true;
  const single = readingAt(rows, first, undefined, mapping, pricesWithIgv);
  // A header of two or three rows (group titles merged over the rows that name the columns): read as one.
  const reading =
    single.missing.length === 0 && single.conflicts.length === 0 ? single : (stackedReading(rows, first, single, mapping, pricesWithIgv) ?? single);
  const { position, stacked, match, withIgv, unitQuantity, missing, conflicts } = reading;
  // The columns of the document a note modifies (a register's «Referencia…»): never listed as columns a mapping might want.
  const underReference = (c: HeaderColumn): boolean => stacked !== undefined && referenceTitle(stacked, c.index) !== undefined;
  const found = rows[position];
  if (found === undefined) throw noHeader(options, rows.length);
  const below = rows.slice(position + 1);
  const headerRows = stacked === undefined ? { row: found.row } : { row: found.row, upper: stacked.upper.row };

  const alike = conflicts.filter(([, cols]) => new Set(cols.map((c) => headerKey(c.header))).size === 1);
  // Two columns headed alike feeding one field (a register's «Número» of the comprobante and the customer's «Número»):
  // which is which is the user's to say, on a header of one row as on one of two no title tells apart.
  if (alike.length > 0) throw ambiguousColumns(options.file, headerRows, stacked, alike, missing, wording);
  if (missing.length > 0) {
    const lineAmount = lineAmountColumn(match.unknown);
    const unread = match.unknown.filter((c) => c !== withIgv && !isReadBesideOurs(c.header) && !underReference(c));
    const hint = stacked === undefined ? namedBelow(rows[position + 1], missing, mapping) : undefined;
    throw missingRequired(options.file, headerRows, missing, mapping, withIgv, lineAmount, unread, hint, wording);
  }
  if (conflicts.length > 0) throw duplicated(options.file, found.row, conflicts, wording);
  // A mapping can name a price with IGV as the unit value, which is read without IGV by default.
  const unitValue = match.matches.get('valorVentaUnitario')?.[0];
  // A total with IGV is such a price too, chosen for a sheet of line amounts.
  if (unitValue !== undefined && options.pricesWithIgv !== true && (isPriceWithIgvHeader(unitValue.header) || sheetAmountKind(unitValue.header) === 'total')) {
    throw unitValueWithIgv(options.file, found.row, unitValue, wording);
  }

  const columns = firstColumns(match);
  const kindColumn = findDocumentKindColumn(match.unknown, below);
  const header: HeaderMap = { row: found.row, columns, unknown: match.unknown };
  if (stacked !== undefined) header.groupRow = stacked.upper.row;
  if (unitQuantity) header.unitQuantity = true;
  if (kindColumn !== undefined) header.documentKind = kindColumn;

  const notes: Problem[] = [];
  const titles = rows.slice(0, position - (stacked?.rows.length ?? 1) + 1).filter((r) => r.cells.some((c) => headerText(c) !== undefined));
  if (titles.length > 0) {
    const first = titles[0];
    const text = first?.cells.map(headerText).find((t) => t !== undefined) ?? '';
    const list = rowRanges(titles.map((r) => r.row));
    const at = headerRowsText(headerRows);
    notes.push({
      severity: 'warning',
      code: 'TITLE_ROWS_SKIPPED',
      row: found.row,
      value: text,
      message: localized(
        titles.length === 1
          ? `Se omitió la fila ${list} sobre los encabezados (${quote(text)}…); los encabezados están en ${at.es}.`
          : `Se omitieron las filas ${list} sobre los encabezados (${quote(text)}…); los encabezados están en ${at.es}.`,
        `${titles.length === 1 ? 'Row' : 'Rows'} ${list} above the header ${titles.length === 1 ? 'was' : 'were'} skipped (${quote(text)}…); the header is on ${at.en}.`,
      ),
    });
  }
  if (stacked !== undefined) notes.push(stackedHeaderNote(stacked, header, wording));
  const combined = combinedKeyColumn(columns);
  if (combined !== undefined) {
    notes.push({
      severity: 'warning',
      code: 'INVOICE_KEY_SPLIT',
      row: found.row,
      value: combined.header,
      message: localized(
        `La columna ${where(combined)} trae la serie y el número juntos (como «F001-00000123»): se leen por separado.`,
        `Column ${where(combined)} holds the serie and the number together (as «F001-00000123»): they are read apart.`,
      ),
    });
  }
  // The sheet's own Total/Subtotal/IGV columns are not ignored: invoices are reconciled against them.
  // Nor the notes column of our own file to fix, sent back as it is: it is ours to ignore, not the user's to map.
  // Nor a register's state column: a row it marks voided is refused (sale-state-column.ts); nor its
  // document-kind column: a row of a boleta or a credit note is refused (document-kind-column.ts).
  const ignored = match.unknown.filter((c) => c !== kindColumn && !isReadBesideOurs(c.header) && !isFixNotesHeader(c.header) && !underReference(c));
  const referenceNote = stacked === undefined ? undefined : referenceColumnsNote(stacked, match.unknown, found.row);
  if (referenceNote !== undefined) notes.push(referenceNote);
  if (unitQuantity && unitValue !== undefined) notes.push(unitQuantityNote(unitValue, found.row, options.pricesWithIgv === true));
  const kindNote = kindColumn === undefined ? undefined : documentKindNote(kindColumn, found.row);
  if (kindNote !== undefined) notes.push(kindNote);
  // «Precio unitario» is read as the unit value without IGV, but in SUNAT's words a price includes
  // it: read so, every invoice would be 18 % too high. Said once, unless the user chose the column
  // (a mapping), the run reads prices with IGV, or a column of the sheet's own amounts checks each
  // invoice: a total, a base or an IGV. Not «Importe» (offices write it with IGV and without, so it
  // fits either reading: a sheet of prices with IGV and an «Importe» was billed 18 % more, unwarned),
  // nor a discount.
  const amountsChecked = match.unknown.some((c) => {
    const kind = sheetAmountKind(c.header);
    return kind === 'total' || kind === 'base' || kind === 'igv';
  });
  if (
    unitValue !== undefined &&
    mapping.valorVentaUnitario === undefined &&
    options.pricesWithIgv !== true &&
    !amountsChecked &&
    isPlainPriceHeader(unitValue.header)
  ) {
    const withIgvRemedy = remedy('pricesWithIgv', wording);
    notes.push({
      severity: 'warning',
      code: 'UNIT_PRICE_WITHOUT_IGV',
      row: found.row,
      value: unitValue.header,
      message: localized(
        `La columna ${where(unitValue)} se lee sin IGV: a cada factura se le suma el 18 %. Si esos precios ya incluyen el IGV, ${withIgvRemedy.es}; si no, llámela «Valor unitario» y este aviso desaparece.`,
        `Column ${where(unitValue)} is read without IGV: 18 % is added to every invoice. If those prices already include IGV, ${withIgvRemedy.en}; if not, name it «Valor unitario» and this notice goes away.`,
      ),
    });
  }
  if (ignored.length > 0) {
    // A header of 200,000 columns made this one note list every one of them (megabytes of text in
    // the terminal, the results workbook and the page): the first ones are named, the rest counted.
    const shown = ignored.slice(0, SHOWN_UNKNOWN);
    const list = firstAndMore(ignored.map(where), SHOWN_UNKNOWN);
    const use = remedy('useUnknownColumn', wording);
    notes.push({
      severity: 'warning',
      code: 'UNKNOWN_COLUMNS',
      row: found.row,
      value: shown.map((c) => c.header).join(', ') + (ignored.length > shown.length ? ', …' : ''),
      message: localized(
        `Se ignoran columnas que no corresponden a ninguna columna conocida: ${list.es}. ${use.es}`,
        `Columns that match no known column are ignored: ${list.en}. ${use.en}`,
      ),
    });
  }
  for (const [column, text] of Object.entries(mapping) as [ColumnName, string | undefined][]) {
    if (text === undefined || match.matches.has(column)) continue;
    const assigns = remedy('mappingAssigns', wording);
    notes.push({
      severity: 'warning',
      code: 'MAPPED_COLUMN_NOT_FOUND',
      row: found.row,
      column,
      value: text,
      message: localized(
        `${assigns.es}${quote(text)} a ${column}, pero la fila de encabezados ${found.row} no tiene esa columna.`,
        `${assigns.en}${quote(text)} to ${column}, but header row ${found.row} has no such column.`,
      ),
    });
  }
  const currency = match.matches.has('moneda') ? undefined : titleCurrency(titles);
  return currency === undefined ? { header, position, notes } : { header, position, notes, titleCurrency: currency };
}

/** A column the run reads though it feeds none of ours: the sheet's own amounts, its state column, its document kind. */
function isReadBesideOurs(header: string): boolean {
  return sheetAmountKind(header) !== undefined || isSaleStateHeader(header) || isDocumentKindHeader(header);
}

function noHeader(options: DetectHeaderOptions, count: number): FacturaError {
  const expected = REQUIRED_COLUMNS.join(', ');
  const scope = options.wholeFile
    ? localized(`ninguna de sus ${count} filas`, `none of its ${count} rows`)
    : localized(`ninguna de las primeras ${count} filas`, `none of the first ${count} rows`);
  const naming = remedy('headerNotFound', options.wording);
  return new FacturaError(
    'INPUT',
    localized(
      `No se encontró la fila de encabezados en ${options.file}: ${scope.es} nombra al menos ${MIN_KNOWN_COLUMNS} columnas conocidas. Se esperan columnas como ${expected}${naming.es}`,
      `No header row found in ${options.file}: ${scope.en} names at least ${MIN_KNOWN_COLUMNS} known columns. Expected columns such as ${expected}${naming.en}`,
    ),
  );
}

/** A column of the line's amount («Importe», «Total», «Subtotal»): what a register without a unit price has instead. */
function lineAmountColumn(unknown: readonly HeaderColumn[]): HeaderColumn | undefined {
  return unknown.find((c) => {
    const kind = sheetAmountKind(c.header);
    return kind === 'amount' || kind === 'total' || kind === 'base';
  });
}

function missingRequired(
  file: string,
  rows: HeaderRows,
  missing: readonly ColumnName[],
  mapping: ColumnMapping,
  withIgv: HeaderColumn | undefined,
  lineAmount: HeaderColumn | undefined,
  /** The header row's columns that were not recognised (the sheet's own amounts aside): one of them may be the missing one. */
  unread: readonly HeaderColumn[],
  /** The row below the header, when it names some of the missing columns: a header of two rows. */
  below: { readonly row: number; readonly names: readonly string[] } | undefined,
  wording: Wording | undefined,
): FacturaError {
  const absent = remedy('mappedHeaderAbsent', wording);
  const asUnitValue = remedy('priceWithIgvAsUnitValue', wording);
  const lineTotal = remedy('lineTotalAsUnit', wording);
  const amountAsUnit = remedy('lineAmountAsUnit', wording);
  const lines = (lang: 'es' | 'en'): string =>
    missing
      .map((c) => {
        const label = columnDefinition(c).label[lang];
        const mapped = mapping[c];
        if (mapped !== undefined) {
          return localized(
            `  - ${c} (${label}): ${absent.es}${quote(mapped)}, que no está en la fila de encabezados`,
            `  - ${c} (${label}): ${absent.en}${quote(mapped)}, which is not in the header row`,
          )[lang];
        }
        const accepted = firstAndMore(acceptedHeaders(c).map(quote), SHOWN_HEADERS, localized('nombres', ''))[lang];
        if (c === 'valorVentaUnitario' && withIgv !== undefined) {
          return localized(
            `  - ${c} (${label}): la columna ${where(withIgv)} trae el precio con IGV. Si sus precios incluyen el IGV, ${asUnitValue.es}; si no, se acepta ${accepted}`,
            `  - ${c} (${label}): column ${where(withIgv)} holds the price with IGV. If your prices include IGV, ${asUnitValue.en}; otherwise accepted headers ${accepted}`,
          )[lang];
        }
        if (c === 'valorVentaUnitario' && lineAmount !== undefined && missing.includes('cantidad')) {
          // No quantity either: each line is one unit of its amount, once the run knows whether the amount includes IGV.
          const kind = sheetAmountKind(lineAmount.header);
          if (kind === 'total') {
            return localized(
              `  - ${c} (${label}): la columna ${where(lineAmount)} trae el total con IGV de cada línea. Si cada línea es una unidad (un servicio, por ejemplo), ${lineTotal.es}; si no, agregue las columnas de cantidad y de valor unitario; se acepta ${accepted}`,
              `  - ${c} (${label}): column ${where(lineAmount)} holds each line's total with IGV. If each line is one unit (a service, say), ${lineTotal.en}; otherwise add the quantity and unit value columns; accepted headers ${accepted}`,
            )[lang];
          }
          if (kind === 'amount') {
            return localized(
              `  - ${c} (${label}): la columna ${where(lineAmount)} trae el importe de cada línea, que puede incluir el IGV o no. Si cada línea es una unidad (un servicio, por ejemplo): ${amountAsUnit.es} cada línea se leerá entonces como 1 unidad de ese importe. Si no, agregue las columnas de cantidad y de valor unitario; se acepta ${accepted}`,
              `  - ${c} (${label}): column ${where(lineAmount)} holds each line's amount, which may include IGV or not. If each line is one unit (a service, say): ${amountAsUnit.en} each line is then read as 1 unit of that amount. Otherwise add the quantity and unit value columns; accepted headers ${accepted}`,
            )[lang];
          }
        }
        if (c === 'valorVentaUnitario' && lineAmount !== undefined) {
          return localized(
            `  - ${c} (${label}): la columna ${where(lineAmount)} trae el importe de la línea, no el valor de una unidad; el servicio necesita el valor unitario sin IGV (el importe sin IGV entre la cantidad). Agregue esa columna; se acepta ${accepted}`,
            `  - ${c} (${label}): column ${where(lineAmount)} holds the line's amount, not the value of one unit; the service needs the unit value without IGV (the amount without IGV divided by the quantity). Add that column; accepted headers ${accepted}`,
          )[lang];
        }
        return localized(`  - ${c} (${label}): se acepta ${accepted}`, `  - ${c} (${label}): accepted headers ${accepted}`)[lang];
      })
      .join('\n');
  const first = missing[0] ?? 'serie';
  // One column missing and one not recognised: most likely that one; otherwise the example says what goes where.
  const example = (lang: 'es' | 'en'): string =>
    missing.length === 1 && unread.length === 1
      ? (unread[0]?.header ?? '')
      : localized('encabezado tal como está en la hoja', 'header as the sheet writes it')[lang];
  const unreadList = firstAndMore(unread.map(where), SHOWN_HEADERS);
  const unreadLine =
    unread.length === 0
      ? localized('', '')
      : localized(
          `\nColumnas de la hoja que no se reconocieron: ${unreadList.es}. Si una de ellas es la que falta, ${mapMissingColumnRemedy(first, { es: example('es'), en: example('en') }, wording).es}`,
          `\nColumns of the sheet that were not recognised: ${unreadList.en}. If one of them is the missing one, ${mapMissingColumnRemedy(first, { es: example('es'), en: example('en') }, wording).en}`,
        );
  const garbled = unread.flatMap((c) => {
    const repaired = repairGarbled(c.header);
    return repaired === undefined ? [] : [{ header: c.header, repaired }];
  });
  const garbledLine =
    garbled[0] === undefined
      ? localized('', '')
      : localized(
          `\nLos encabezados tienen letras cambiadas («${garbled[0].header}» debería decir «${garbled[0].repaired}»): el archivo pasó por una conversión de caracteres equivocada y sus datos también la tienen. Vuelva a exportarlo desde el original como «CSV UTF-8 (delimitado por comas)» o como libro de Excel.`,
          `\nThe headers have garbled letters («${garbled[0].header}» should read «${garbled[0].repaired}»): the file went through a wrong conversion of characters, and its data did too. Export it again from the original as «CSV UTF-8 (comma delimited)» or as an Excel workbook.`,
        );
  const belowLine =
    below === undefined
      ? localized('', '')
      : localized(
          `\nLa fila ${below.row}, debajo de los encabezados, dice ${below.names.map(quote).join(', ')}: los encabezados ocupan dos filas (celdas combinadas, como «Comprobante de pago» sobre «Serie» y «Número»). Déjelos en una sola fila, un encabezado por columna y sin repetir nombres (por ejemplo «Número» y «Número doc. cliente»).`,
          `\nRow ${below.row}, below the header, says ${below.names.map(quote).join(', ')}: the header spans two rows (merged cells, as «Comprobante de pago» over «Serie» and «Número»). Keep it in one row, one header per column and no name twice (for example «Número» and «Número doc. cliente»).`,
        );
  return new FacturaError(
    'INPUT',
    localized(
      `Faltan columnas obligatorias en ${file} (${headerPlaceText(rows).es}):\n${lines('es')}${unreadLine.es}${garbledLine.es}${belowLine.es}\nAgregue las columnas, renómbrelas ${remedy('chooseColumns', wording).es} No se procesó ninguna factura.`,
      `Required columns are missing in ${file} (${headerPlaceText(rows).en}):\n${lines('en')}${unreadLine.en}${garbledLine.en}${belowLine.en}\nAdd or rename the columns, ${remedy('chooseColumns', wording).en} No invoice was processed.`,
    ),
  );
}

/** The row below a header that names some of its missing columns (a header of two rows, merged cells above), with the texts that do. */
function namedBelow(
  next: SourceRow | undefined,
  missing: readonly ColumnName[],
  mapping: ColumnMapping,
): { readonly row: number; readonly names: readonly string[] } | undefined {
  if (next === undefined) return undefined;
  const match = matchHeaderCells(next.cells, mapping);
  const names = missing.flatMap((c) => match.matches.get(c)?.map((h) => h.header) ?? []);
  return names.length === 0 ? undefined : { row: next.row, names: [...new Set(names)] };
}

/** Header names shown for a missing column, and unrecognised columns listed: the rest is counted. */
const SHOWN_HEADERS = 8;
/** Unknown columns a note names one by one; the rest are counted. */
const SHOWN_UNKNOWN = 20;

function unitValueWithIgv(file: string, row: number, column: HeaderColumn, wording: Wording | undefined): FacturaError {
  const withIgv = remedy('pricesWithIgv', wording);
  return new FacturaError(
    'INPUT',
    localized(
      `En ${file} (fila de encabezados ${row}) la columna ${where(column)} se usaría como valor unitario, que se lee sin IGV: cada factura saldría 18 % más alta. Si los precios de la hoja incluyen el IGV, ${withIgv.es}; si no, asigne al valor unitario la columna del precio sin IGV. No se procesó ninguna factura.`,
      `In ${file} (header row ${row}) column ${where(column)} would be used as the unit value, which is read without IGV: every invoice would come out 18 % too high. If the sheet's prices include IGV, ${withIgv.en}; otherwise map the column of the price without IGV to the unit value. No invoice was processed.`,
    ),
  );
}

function duplicated(
  file: string,
  row: number,
  conflicts: readonly (readonly [ColumnName, readonly HeaderColumn[]])[],
  wording: Wording | undefined,
): FacturaError {
  const lines = (lang: 'es' | 'en'): string =>
    conflicts
      .map(([c, cols]) => {
        const list = cols.map(where).join(localized(' y ', ' and ')[lang]);
        return localized(
          `  - ${list} corresponden ambas a ${c} (${columnDefinition(c).label.es})`,
          `  - ${list} both map to ${c} (${columnDefinition(c).label.en})`,
        )[lang];
      })
      .join('\n');
  return new FacturaError(
    'INPUT',
    localized(
      `En ${file} (fila de encabezados ${row}) dos columnas corresponden a la misma columna:\n${lines('es')}\nDeje solo una, renombre la otra ${remedy('chooseColumn', wording).es}`,
      `In ${file} (header row ${row}) two columns map to the same column:\n${lines('en')}\nKeep only one, rename the other, ${remedy('chooseColumn', wording).en}`,
    ),
  );
}

/**
 * The columns under a register's «Referencia del comprobante … que se modifica» (SUNAT's Formato 14.1): said apart
 * from the columns nothing matched, since their «Fecha», «Serie», «N° del comprobante» look like an invoice's own and a
 * user told «si alguna debe usarse» might map one. Undefined when there are none.
 */
function referenceColumnsNote(stacked: StackedHeader, unknown: readonly HeaderColumn[], row: number): Problem | undefined {
  const columns = unknown.filter((c) => referenceTitle(stacked, c.index) !== undefined);
  const first = columns[0];
  if (first === undefined) return undefined;
  const title = referenceTitle(stacked, first.index) ?? '';
  const list = columns.map(where).join(', ');
  return {
    severity: 'warning',
    code: 'REFERENCE_COLUMNS',
    row,
    value: columns.map((c) => c.header).join(', '),
    message: localized(
      `Las columnas ${list}, bajo «${title}», son del comprobante que modifica una nota de crédito o débito: una factura no las usa y no se leen.`,
      `Columns ${list}, under «${title}», belong to the document a credit or debit note modifies: an invoice does not use them and they are not read.`,
    ),
  };
}

/** A column as messages name it: «Número» (F), «Número» (F, bajo «Cliente») when a title of a stacked header stands over it. */
function underTitle(c: HeaderColumn, stacked: StackedHeader | undefined): LocalizedText {
  const title = titlesText(stacked?.groups[c.index]);
  return title === undefined
    ? localized(where(c), where(c))
    : localized(`«${c.header}» (${c.letter}, bajo ${quote(title)})`, `«${c.header}» (${c.letter}, under ${quote(title)})`);
}

/**
 * Two columns headed alike that feed one field: on a header of one row («Serie», «Número», «Tipo
 * Doc.», «Número»), or of two rows where no group title tells them apart (both under no title, or
 * under titles that do not say whose they are). Which is which is the user's to say, never guessed
 * (the customer's document read as the invoice's number sends wrong invoices). Names them with their
 * letters, the fields still missing, and the ways out: a mapping naming each by its letter, a title
 * over the customer's columns (a header of two rows), another name for one of them.
 */
function ambiguousColumns(
  file: string,
  headerRows: HeaderRows,
  stacked: StackedHeader | undefined,
  alike: readonly (readonly [ColumnName, readonly HeaderColumn[]])[],
  missing: readonly ColumnName[],
  wording: Wording | undefined,
): FacturaError {
  const lines = (lang: 'es' | 'en'): string =>
    alike
      .map(([c, cols]) => {
        const list = cols.map((col) => underTitle(col, stacked)[lang]).join(localized(' y ', ' and ')[lang]);
        const label = columnDefinition(c).label[lang];
        return localized(
          `  - ${list} se llaman igual: ${cols.length === 2 ? 'las dos' : 'todas'} se leerían como ${c} (${label})`,
          `  - ${list} are headed alike: ${cols.length === 2 ? 'both' : 'all'} would be read as ${c} (${label})`,
        )[lang];
      })
      .join('\n');
  // The example gives the first of each pair its field and the next ones the fields still missing (the customer's document first).
  const left = [...missing].sort((a, b) => Number(b === 'receptorNumeroDocumento') - Number(a === 'receptorNumeroDocumento'));
  const example: Record<string, string> = {};
  for (const [c, cols] of alike) {
    cols.forEach((col, i) => {
      const field = i === 0 ? c : left.shift();
      if (field !== undefined) example[field] = headerWithLetter(col);
    });
  }
  const shown = JSON.stringify(example).replaceAll('":"', '": "').replaceAll('","', '", "');
  const stillMissing = missing.filter((c) => example[c] === undefined);
  const missingLine =
    stillMissing.length === 0
      ? localized('', '')
      : localized(
          `\nFaltan además: ${stillMissing.map((c) => `${c} (${columnDefinition(c).label.es})`).join(', ')}.`,
          `\nAlso missing: ${stillMissing.map((c) => `${c} (${columnDefinition(c).label.en})`).join(', ')}.`,
        );
  const opening =
    stacked === undefined
      ? localized(`En ${file} (${headerPlaceText(headerRows).es}) hay`, `In ${file} (${headerPlaceText(headerRows).en}) some`)
      : localized(
          `En ${file} los encabezados ocupan ${headerRowsText(headerRows).es} y hay`,
          `In ${file} the header takes ${headerRowsText(headerRows).en} and some`,
        );
  // A number headed alike: the customer's is the one to rename.
  const rename = alike.some(([c]) => c === 'numero' || c === 'receptorNumeroDocumento')
    ? localized(' (por ejemplo «Número doc. cliente»)', ' (for example «Número doc. cliente»)')
    : localized('', '');
  const otherWays =
    stacked === undefined
      ? localized(`O cambie el nombre de una de ellas${rename.es}.`, `Or rename one of them${rename.en}.`)
      : localized(
          `O escriba en la fila ${stacked.upper.row}, sobre las columnas del cliente, el título «Cliente» (o sobre las del comprobante, «Comprobante de pago»), o cambie el nombre de una de ellas${rename.es}.`,
          `Or write on row ${stacked.upper.row}, over the customer's columns, the title «Cliente» (or over the document's, «Comprobante de pago»), or rename one of them${rename.en}.`,
        );
  const which = sayWhichIsWhichRemedy({ es: shown, en: shown.replaceAll('(columna ', '(column ') }, wording);
  return new FacturaError(
    'INPUT',
    localized(
      `${opening.es} columnas con el mismo encabezado que no se pueden distinguir:\n${lines('es')}${missingLine.es}\n${which.es} ${otherWays.es} No se procesó ninguna factura.`,
      `${opening.en} columns are headed alike and cannot be told apart:\n${lines('en')}${missingLine.en}\n${which.en} ${otherWays.en} No invoice was processed.`,
    ),
  );
}

/**
 * What a stacked header was read as: its rows, and each group title with the columns under it,
 * and the columns headed alike with the field each feeds, for the user to check what a title decided.
 */
function stackedHeaderNote(stacked: StackedHeader, header: HeaderMap, wording: Wording | undefined): Problem {
  const all = [...Object.values(header.columns), ...header.unknown].filter((c): c is HeaderColumn => c !== undefined);
  const groups = new Map<string, HeaderColumn[]>();
  for (const c of [...new Set(all)].sort((a, b) => a.index - b.index)) {
    const title = titlesText(stacked.groups[c.index]);
    if (title !== undefined) groups.set(title, [...(groups.get(title) ?? []), c]);
  }
  const over = [...groups].map(([title, cols]) => `${quote(title)} ${'\u2192'} ${cols.map((c) => quote(c.header)).join(', ')}`);
  const alike = (col: HeaderColumn): boolean => all.some((o) => o.index !== col.index && headerKey(o.header) === headerKey(col.header));
  const fed = (Object.entries(header.columns) as [ColumnName, HeaderColumn | undefined][]).flatMap(([c, col]) =>
    col !== undefined && alike(col) ? [[c, col] as const] : [],
  );
  const told = (lang: 'es' | 'en'): string =>
    fed.length === 0
      ? ''
      : localized(' Columnas con el mismo encabezado: ', ' Columns headed alike: ')[lang] +
        fed.map(([c, col]) => `${underTitle(col, stacked)[lang]} ${'\u2192'} ${columnDefinition(c).label[lang]}`).join('; ') +
        '.';
  const at = headerRowsText({ row: stacked.lower.row, upper: stacked.upper.row });
  return {
    severity: 'warning',
    code: 'TWO_ROW_HEADER',
    row: stacked.lower.row,
    value: [...groups.keys()].join(', '),
    message: localized(
      `Los encabezados ocupan ${at.es} y se leen juntos: ${over.join('; ')}.${told('es')} ${remedy('twoRowHeader', wording).es}`,
      `The header takes ${at.en} and is read as one: ${over.join('; ')}.${told('en')} ${remedy('twoRowHeader', wording).en}`,
    ),
  };
}
