import type { ColumnName, ColumnType } from '../invoice/canonical-columns.js';
import { columnDefinition } from '../invoice/canonical-columns.js';
import type { KeyBeforeEdits, LineRecord, PriceCurrency, SheetAmountHeaders, SheetAmounts } from '../invoice/line-record.js';
import type { Problem } from '../invoice/problem.js';
import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';
import type { ColumnMapping } from './column-mapping.js';
import type { HeaderColumn, HeaderMap } from './header-map.js';
import { cellDisplayText } from './cell-display-text.js';
import { columnLetter } from './header-map.js';
import { combinedKeyColumn } from './combined-key-column.js';
import { normalizeCell } from './normalize-cell.js';
import { numberBesideItsSerie } from './number-beside-its-serie.js';
import { normalizeCombinedKey } from './normalize-combined-key.js';
import { readSheetAmount } from './read-sheet-amount.js';
import type { DecimalConvention } from './normalize-decimal.js';
import { decimalEvidence } from './normalize-decimal.js';
import { readHeaderWindow } from './read-header-window.js';
import { rowSkipNotes } from './row-skip-notes.js';
import type { DateOrder } from './normalize-date.js';
import { sheetDateOrder } from './sheet-date-order.js';
import { findSheetAmountColumns } from './sheet-amount-columns.js';
import type { SaleStateColumn } from './sale-state-column.js';
import { findSaleStateColumn, voidedStateProblem } from './sale-state-column.js';
import type { DocumentKindColumn } from './document-kind-column.js';
import { notAnInvoiceProblem } from './document-kind-column.js';
import type { HeaderTexts, TitleTexts } from './repeated-header-row.js';
import { headerTexts, repeatsHeader, repeatsTitle, titleTexts } from './repeated-header-row.js';
import { severalLinesProblem } from './line-amount-as-unit.js';
import { totalsRowEvidence } from './totals-row.js';
import type { Wording } from '../remedies.js';
import type { Cell, RowSource, SourceRow } from './source-row.js';

/** A sheet after its header was found: where each column is, file-level notes, and the rows as line records. */
export interface LineSheet {
  readonly header: HeaderMap;
  /** Warnings found before the first record: the reader's notes, title rows skipped, unknown columns. */
  readonly notes: readonly Problem[];
  /**
   * One record per non-blank row below the header, streamed in batches (never empty) as the rows
   * come; iterate once. A totals row, and the hidden rows left out, come as `skipped` records that
   * only carry their note.
   */
  readonly records: AsyncIterable<readonly LineRecord[]>;
  /** How the sheet's numeric text dates are read (sheet-date-order.ts), and the source columns of its dates. */
  readonly dates: { readonly order: DateOrder; readonly columns: readonly number[] };
  /**
   * Leaves the sheet, whether its records were read or not (a run that fails before it reads them):
   * the reader's streams, or its thread, are closed. Reading the records to the end, or leaving
   * their iteration, does as much.
   */
  close(): Promise<void>;
}

export interface ReadLineRecordsOptions {
  /** `--map`: canonical column → the sheet's header text; overrides the aliases. */
  readonly mapping?: ColumnMapping;
  /**
   * How text numbers write decimals. `true`: `1.234,56`; `false`: `1,234.56`; `'auto'` (default):
   * decided by the first value in a decimal column that only one convention can read (`12,50`,
   * `1.234,56` → comma; `12.50`, `1,234.56` → point), looking first at the rows read while
   * searching for the header, then row by row; once decided it holds for the whole file and a value
   * written the other way is an error. Until decided, a value both conventions read differently
   * (`1,234`) is an error asking for the option, never a guess. Number cells (XLSX) are unaffected.
   */
  readonly decimalComma?: boolean | 'auto';
  /** How text dates are written (`--fechas`); absent: decided from the rows read with the header (sheet-date-order.ts). */
  readonly dateOrder?: DateOrder;
  /**
   * Rows the sheet hides (by hand or with a filter): `false` (default) leaves them out, with one
   * note naming how many and which, and an error on any invoice that would lose rows to it;
   * `true` (`--incluir-ocultas`) reads them, with a warning at each.
   */
  readonly includeHidden?: boolean;
  /**
   * Normalise only these columns: each record carries their values alone, without the sheet's own
   * amounts (a pass that only looks at one column, such as the issuer census's). Default: every column.
   */
  readonly only?: readonly ColumnName[];
  /** Unit values include IGV (`--tipo-registro PRECIOS_CON_IGV`): a «Precio unitario con IGV» column is the unit value. */
  readonly pricesWithIgv?: boolean;
  /** Whom the messages speak to: how each says what to do (remedies.ts); default the library's caller. */
  readonly wording?: Wording;
}

/** A mapped column: canonical name, source index and normalising type (looked up once, not per cell). */
type Column = readonly [ColumnName, number, ColumnType];

function isBlank(row: SourceRow): boolean {
  for (const c of row.cells) if (c !== null && (c.kind !== 'text' || c.text.trim() !== '')) return false;
  return true;
}

/** The problems of a row without any: one shared, frozen empty list instead of one per row. */
const NO_PROBLEMS: readonly Problem[] = Object.freeze([]);
/** The two halves of a combined invoice key (normalize-combined-key.ts). */
const KEY_NAMES = ['serie', 'numero'] as const;
/** The columns of an invoice's key. */
type KeyName = 'serie' | 'numero' | 'emisorRuc';

/**
 * Turns a row source into line records: finds the header within the first HEADER_SEARCH_ROWS rows,
 * maps the columns, and normalises each cell by its column's type as the rows stream by (the file is
 * never held in memory). Throws FacturaError('INPUT') before any record for a missing header,
 * missing required columns, two columns feeding one, or a header with no rows under it.
 */
export async function readLineRecords(source: RowSource, options: ReadLineRecordsOptions = {}): Promise<LineSheet> {
  const iterator = source.batches[Symbol.asyncIterator]();
  try {
    const window = await readHeaderWindow(source, iterator, options);
    if ('problem' in window) throw window.problem;
    const { detected } = window;
    let { ended } = window;
    const pending = [...window.rows.slice(detected.position + 1), ...window.after].filter((r) => !isBlank(r));
    while (pending.length === 0 && !ended) {
      const next = await iterator.next();
      if (next.done === true) ended = true;
      else pending.push(...next.value.filter((r) => !isBlank(r)));
    }
    if (pending.length === 0) {
      throw new FacturaError(
        'INPUT',
        localized(
          `${source.file} tiene fila de encabezados (fila ${detected.header.row}) pero ninguna fila de facturas. Escriba las ventas debajo de los encabezados, una fila por cada línea de factura (la plantilla trae dos facturas de ejemplo en su hoja «Ejemplo»).`,
          `${source.file}: the sheet has a header (row ${detected.header.row}) but no invoice rows. Write the sales below the header, one row per invoice line (the template has two example invoices on its «Ejemplo» sheet).`,
        ),
      );
    }
    const columns: Column[] = (Object.entries(detected.header.columns) as [ColumnName, { index: number }][]).map(([name, c]) => [
      name,
      c.index,
      columnDefinition(name).type,
    ]);
    const combined = combinedKeyColumn(detected.header.columns)?.index;
    const decimalColumns = columns.filter(([, , type]) => type === 'decimal').map(([, index]) => index);
    const fixed: DecimalConvention | undefined = options.decimalComma === true ? 'comma' : options.decimalComma === false ? 'point' : undefined;
    const state = { convention: fixed ?? conventionOf(pending, decimalColumns) };
    const dateColumns = columns.filter(([, , type]) => type === 'date');
    const dates =
      options.dateOrder !== undefined
        ? { order: options.dateOrder }
        : sheetDateOrder(
            pending,
            dateColumns.map(([name, index]) => [name, index, detected.header.columns[name]?.header ?? name] as const),
          );
    const shape: SheetShape = {
      // A column holding the serie and the number together is read apart from the others (combinedKey).
      columns: combined === undefined ? columns : columns.filter(([, index]) => index !== combined),
      combinedKey: combined,
      decimalColumns,
      dateOrder: dates.order,
      keyColumns: columns.filter(([name]) => name === 'serie' || name === 'numero').map(([, index]) => index),
      headerRow: detected.header.row,
      titleTexts: titleTexts(window.rows.slice(0, detected.position)),
      headerTexts: headerTexts(
        [...Object.values(detected.header.columns), ...detected.header.unknown].filter((c) => c !== undefined).sort((a, b) => a.index - b.index),
      ),
      descriptionColumn: columns.find(([name]) => name === 'descripcion')?.[1],
      names: new Map([...detected.header.unknown.map((c) => [c.index, c.header] as const), ...columns.map(([name, index]) => [index, name] as const)]),
      amounts: amountColumnsOf(detected.header),
      saleState: findSaleStateColumn(detected.header.unknown),
      documentKind: detected.header.documentKind,
      unitQuantity: detected.header.unitQuantity === true ? detected.header.columns.valorVentaUnitario : undefined,
      currencyOfTitle:
        detected.titleCurrency === undefined
          ? undefined
          : Object.freeze({ currency: detected.titleCurrency.currency, shown: detected.titleCurrency.shown, titleRow: detected.titleCurrency.row }),
      includeHidden: options.includeHidden === true,
      autoFilter: source.autoFilter === true,
      wording: options.wording,
    };
    const only = options.only;
    const read =
      only === undefined
        ? shape
        : {
            ...shape,
            columns: shape.columns.filter(([name]) => only.includes(name)),
            combinedKey: only.includes('serie') || only.includes('numero') ? combined : undefined,
            amounts: undefined,
            saleState: undefined,
            documentKind: undefined,
            unitQuantity: only.includes('cantidad') ? shape.unitQuantity : undefined,
          };
    const records = lineRecords(pending, ended ? undefined : iterator, read, state, fixed !== undefined);
    return {
      header: detected.header,
      notes: [...source.notes, ...detected.notes, ...(dates.note !== undefined ? [dates.note] : [])],
      records,
      dates: { order: dates.order, columns: dateColumns.map(([, index]) => index) },
      close: async () => {
        // A generator never started does not run its clean-up when returned: the rows' iterator is returned too.
        await records.return(undefined);
        await iterator.return?.();
      },
    };
  } catch (err) {
    await iterator.return?.();
    throw err;
  }
}

function textCellsIn(row: SourceRow, indexes: readonly number[]): string[] {
  return indexes
    .map((i) => row.cells[i])
    .filter((c): c is Extract<Cell, { kind: 'text' }> => c?.kind === 'text')
    .map((c) => c.text);
}

/** The first convention the given rows' decimal text cells show unambiguously. */
function conventionOf(rows: readonly SourceRow[], decimalColumns: readonly number[]): DecimalConvention | undefined {
  for (const row of rows) {
    for (const text of textCellsIn(row, decimalColumns)) {
      const evidence = decimalEvidence(text);
      if (evidence !== undefined) return evidence;
    }
  }
  return undefined;
}

/** What the record stream needs to know about the sheet's columns, found once. */
interface SheetShape {
  readonly columns: readonly Column[];
  /** The column holding each invoice's serie and number together («F001-00000123»), split as each row passes. */
  readonly combinedKey: number | undefined;
  readonly decimalColumns: readonly number[];
  /** How numeric text dates are read (sheet-date-order.ts). */
  readonly dateOrder: DateOrder;
  /** The serie and numero columns. */
  readonly keyColumns: readonly number[];
  /** The header row and its named columns, to know it again when a row repeats it (repeated-header-row.ts). */
  readonly headerRow: number;
  readonly headerTexts: HeaderTexts;
  readonly titleTexts: TitleTexts;
  readonly descriptionColumn: number | undefined;
  /** Each named column's canonical name, or its header text when it is not one of ours. */
  readonly names: ReadonlyMap<number, string>;
  readonly amounts: { readonly columns: readonly (readonly [keyof SheetAmounts, number])[]; readonly headers: SheetAmountHeaders } | undefined;
  /** The register's state column (sale-state-column.ts): a row it marks voided is an error there. */
  readonly saleState: SaleStateColumn | undefined;
  /** The register's document-kind column (document-kind-column.ts): a row of a boleta or a credit note is an error there. */
  readonly documentKind: DocumentKindColumn | undefined;
  /** No quantity column: every line is 1 unit of its unit value, a line's amount in this column (line-amount-as-unit.ts). */
  readonly unitQuantity: HeaderColumn | undefined;
  /** The currency the title names, the sheet having no moneda column (title-currency.ts): every line's, unless its price names one; one object for all. */
  readonly currencyOfTitle: PriceCurrency | undefined;
  readonly includeHidden: boolean;
  readonly autoFilter: boolean;
  readonly wording: Wording | undefined;
}

function amountColumnsOf(header: HeaderMap): SheetShape['amounts'] {
  const found = Object.entries(findSheetAmountColumns(header.unknown)) as [keyof SheetAmounts, HeaderColumn][];
  if (found.length === 0) return undefined;
  return { columns: found.map(([kind, c]) => [kind, c.index] as const), headers: Object.fromEntries(found.map(([kind, c]) => [kind, c.header])) };
}

/**
 * The rows below the header as records, streamed. Besides normalising each cell by its column:
 * - a totals row (totals-row.ts) becomes a note at its row and touches no invoice;
 * - a hidden row is left out unless `includeHidden` (read then, with a warning): it comes as a
 *   `hidden` record whose values only tell grouping which invoice lost it (grouping, which knows
 *   the invoices, gives that invoice an error), and one note at the end names all of them.
 */
async function* lineRecords(
  pending: readonly SourceRow[],
  rest: AsyncIterator<readonly SourceRow[]> | undefined,
  shape: SheetShape,
  state: { convention: DecimalConvention | undefined },
  fixed: boolean,
): AsyncGenerator<LineRecord[]> {
  const { columns, decimalColumns } = shape;
  // One place per column, its row set as each row passes: a normaliser only reads it to word a
  // problem (which copies the row and column), so no object per cell.
  const places = columns.map(([name]) => ({ row: 0, column: name }));
  const numeroColumn = columns.find(([name]) => name === 'numero')?.[1];
  /**
   * Every record's values start as a copy of this object, which names each column the sheet feeds
   * (blank: undefined), so a cell's value is stored in a place the object has already. Added to an
   * empty object one by one, the values went through a new shape and a larger property store
   * at almost every column: 648 of toRecord's 1,200 ms of samples, in a 1,000,000-row validate.
   */
  const blankValues: Partial<Record<ColumnName, string | undefined>> = {};
  for (const [name] of columns) blankValues[name] = undefined;
  if (shape.combinedKey !== undefined) for (const name of KEY_NAMES) blankValues[name] = undefined;
  if (shape.unitQuantity !== undefined) blankValues.cantidad = '1';
  /** The invoice of the last line read as one unit: a second row of it is an error (severalLinesProblem). */
  let unitInvoice: string | undefined;
  const keyColumns = columns.filter((c): c is readonly [KeyName, number, ColumnType] => c[0] === 'serie' || c[0] === 'numero' || c[0] === 'emisorRuc');
  /** Whether a correction touched a key cell (a corrected cell is a new object; the others are the untouched ones). */
  const keyCellsChanged = (before: readonly (Cell | null)[], cells: readonly (Cell | null)[]): boolean =>
    keyColumns.some(([, index]) => before[index] !== cells[index]) ||
    (shape.combinedKey !== undefined && before[shape.combinedKey] !== cells[shape.combinedKey]);
  /**
   * The key parts a row's cells give beyond each key column read alone, written into `key`:
   * «F001-00000104» in the number column of a row whose serie says F001 (only asked when the
   * number column gave nothing: `besideSerie`), and the combined key column («F001-00000123»)
   * split. Returns whether the number came from beside its serie, and the combined column's
   * problems. toRecord and keyOf both read a key through it, so the two cannot drift.
   */
  const completeKey = (
    cells: readonly (Cell | null)[],
    row: number,
    key: { serie?: string | undefined; numero?: string | undefined },
    besideSerie: boolean,
  ): { readonly numeroBesideSerie: boolean; readonly problems?: Problem[] } => {
    let numeroBesideSerie = false;
    if (besideSerie && key.numero === undefined && key.serie !== undefined && numeroColumn !== undefined) {
      const numero = numberBesideItsSerie(cells[numeroColumn] ?? null, key.serie);
      if (numero !== undefined) {
        key.numero = numero;
        numeroBesideSerie = true;
      }
    }
    if (shape.combinedKey === undefined) return { numeroBesideSerie };
    let problems: Problem[] | undefined;
    const combined = normalizeCombinedKey(cells[shape.combinedKey] ?? null, row);
    for (const name of KEY_NAMES) {
      const n = combined[name];
      if (n.kind === 'value') key[name] = n.value;
      else if (n.kind === 'problem') (problems ??= []).push(n.problem);
    }
    return problems === undefined ? { numeroBesideSerie } : { numeroBesideSerie, problems };
  };
  /** The invoice key of a row's untouched cells (SourceRow.before), read as toRecord reads its own. */
  const keyOf = (row: number, cells: readonly (Cell | null)[]): KeyBeforeEdits => {
    const key: { -readonly [K in KeyName]?: string } = {};
    for (const [name, index, type] of keyColumns) {
      const cell = cells[index] ?? null;
      if (cell === null) continue;
      const n = normalizeCell(cell, type, { row, column: name }, state.convention, shape.dateOrder, shape.wording);
      if (n.kind === 'value') key[name] = n.value;
    }
    completeKey(cells, row, key, true);
    return key;
  };
  const toRecord = (row: SourceRow): LineRecord => {
    if (!fixed && state.convention === undefined) state.convention = conventionOf([row], decimalColumns);
    const values: Partial<Record<ColumnName, string | undefined>> = { ...blankValues };
    let problems: Problem[] | undefined = row.problems === undefined || row.problems.length === 0 ? undefined : [...row.problems];
    let priceCurrency: PriceCurrency | undefined = shape.currencyOfTitle;
    for (let c = 0; c < columns.length; c++) {
      const [name, index, type] = columns[c] as Column;
      const cell = row.cells[index] ?? null;
      if (cell === null) continue; // every normaliser gives nothing for a blank cell
      const place = places[c] as { row: number; column: ColumnName };
      place.row = row.row;
      const n = normalizeCell(cell, type, place, state.convention, shape.dateOrder, shape.wording);
      if (n.kind === 'value') {
        values[name] = n.value;
        if (n.warning !== undefined) (problems ??= []).push(n.warning);
        if (n.currency !== undefined && cell.kind === 'text') priceCurrency = { currency: n.currency, shown: cell.text.trim() };
      } else if (n.kind === 'problem') (problems ??= []).push(n.problem);
    }
    // A number beside its serie is asked for only when the number column gave a problem (then set aside).
    if (problems !== undefined || shape.combinedKey !== undefined) {
      const key = completeKey(row.cells, row.row, values, problems !== undefined);
      if (key.numeroBesideSerie && problems !== undefined) {
        const others = problems.filter((p) => !(p.column === 'numero' && p.code === 'NOT_A_WHOLE_NUMBER'));
        problems = others.length > 0 ? others : undefined;
      }
      if (key.problems !== undefined) (problems ??= []).push(...key.problems);
    }
    if (shape.unitQuantity !== undefined) {
      // A row without serie and número continues the invoice above it.
      const key = values.serie !== undefined || values.numero !== undefined ? `${values.serie ?? ''}-${values.numero ?? ''}` : unitInvoice;
      if (key !== undefined && key === unitInvoice) (problems ??= []).push(severalLinesProblem(row.row, key, shape.unitQuantity));
      unitInvoice = key;
    }
    if (shape.saleState !== undefined) {
      const voided = voidedStateProblem(row.cells[shape.saleState.index] ?? null, row.row, shape.saleState);
      if (voided !== undefined) (problems ??= []).push(voided);
    }
    if (shape.documentKind !== undefined) {
      const other = notAnInvoiceProblem(row.cells[shape.documentKind.index] ?? null, row.row, shape.documentKind);
      if (other !== undefined) (problems ??= []).push(other);
    }
    let amounts: SheetAmounts | undefined;
    if (shape.amounts !== undefined) {
      const read = sheetAmountsOf(row, shape.amounts, state.convention, values.tipoAfectacion !== undefined, shape.wording);
      amounts = read.amounts;
      if (read.problems !== undefined) (problems ??= []).push(...read.problems);
    }
    const record: LineRecord =
      priceCurrency === undefined
        ? { row: row.row, values, problems: problems ?? NO_PROBLEMS }
        : { row: row.row, values, problems: problems ?? NO_PROBLEMS, priceCurrency };
    const withAmounts =
      amounts === undefined || shape.amounts === undefined ? record : { ...record, sheetAmounts: amounts, sheetAmountHeaders: shape.amounts.headers };
    if (row.before === undefined || !keyCellsChanged(row.before, row.cells)) return withAmounts;
    // A corrected row: its invoice key before the corrections, when they changed it.
    const before = keyOf(row.row, row.before);
    return before.serie === values.serie && before.numero === values.numero && before.emisorRuc === values.emisorRuc
      ? withAmounts
      : { ...withAmounts, keyBefore: before };
  };

  /** The hidden rows left out. */
  const skipped: number[] = [];

  /** What one source row gives: a record, a hidden row's mark, or a note. */
  const take = (row: SourceRow): LineRecord => {
    const repeated = repeatsHeader(row, shape.headerTexts) ?? repeatsTitle(row, shape.titleTexts);
    if (repeated !== undefined) {
      const column = shape.names.get(repeated) ?? columnLetter(repeated);
      return { row: row.row, values: {}, problems: [rowSkipNotes.headerRepeated(row.row, shape.headerRow, column)], skipped: true };
    }
    const totals = totalsRowEvidence(row, shape.keyColumns, shape.descriptionColumn);
    if (totals !== undefined) {
      const column = shape.names.get(totals.column) ?? columnLetter(totals.column);
      return { row: row.row, values: {}, problems: [rowSkipNotes.totalsRow(row.row, column, totals.shown)], skipped: true };
    }
    const record = toRecord(row);
    if (row.hidden !== true) return record;
    if (shape.includeHidden) return { ...record, problems: [...record.problems, rowSkipNotes.hiddenRead(row.row, shape.wording)] };
    skipped.push(row.row);
    return { row: row.row, values: record.values, problems: NO_PROBLEMS, hidden: true };
  };

  const takeAll = (rows: readonly SourceRow[]): LineRecord[] => {
    const records: LineRecord[] = [];
    for (const row of rows) if (!isBlank(row)) records.push(take(row));
    return records;
  };

  try {
    yield takeAll(pending);
    if (rest !== undefined) {
      for (;;) {
        const next = await rest.next();
        if (next.done === true) break;
        const records = takeAll(next.value);
        if (records.length > 0) yield records;
      }
    }
    const first = skipped[0];
    if (first !== undefined)
      yield [{ row: first, values: {}, problems: [rowSkipNotes.hiddenSkipped(skipped, shape.autoFilter, shape.wording)], skipped: true }];
  } finally {
    await rest?.return?.();
  }
}

/** The sheet's own amounts on a row (read-sheet-amount.ts), and the cells among them that hold no amount; a discount as the sheet shows it. */
function sheetAmountsOf(
  row: SourceRow,
  columns: NonNullable<SheetShape['amounts']>,
  convention: DecimalConvention | undefined,
  treated: boolean,
  wording: Wording | undefined,
): { amounts: SheetAmounts | undefined; problems: Problem[] | undefined } {
  let amounts: Partial<Record<keyof SheetAmounts, string>> | undefined;
  let problems: Problem[] | undefined;
  for (const [kind, index] of columns.columns) {
    const cell = row.cells[index] ?? null;
    if (cell === null) continue;
    // A discount is kept as the sheet shows it («18,50», «10%», «5 soles»): only whether it is one, and its text for the message, are used.
    if (kind === 'discount') {
      (amounts ??= {})[kind] = cellDisplayText(cell) ?? '';
      continue;
    }
    const read = readSheetAmount(cell, { row: row.row, header: columns.headers[kind] ?? kind, kind, treated }, convention, wording);
    if (read === undefined) continue;
    if ('value' in read) (amounts ??= {})[kind] = read.value;
    else (problems ??= []).push(read.problem);
  }
  return { amounts, problems };
}
