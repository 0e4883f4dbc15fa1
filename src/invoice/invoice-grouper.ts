import { shownDate } from '../i18n/shown-date.js';
import type { LocalizedText } from '../i18n/localized-text.js';
import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';
import type { ColumnName } from './canonical-columns.js';
import { INVOICE_COLUMNS, columnDefinition } from './canonical-columns.js';
import type { GroupingState, RowKey, RowRange } from './grouping-decision.js';
import { decideGrouping, describeRange, hasUnreadableKeyCell, invoiceKey, rowKeyOf } from './grouping-decision.js';
import { FinishedInvoices } from './finished-invoices.js';
import { hiddenRowsInInvoice } from './hidden-rows-in-invoice.js';
import type { DraftLine, GroupItem, InvoiceDraft, OrphanRows } from './invoice-draft.js';
import type { LineRecord } from './line-record.js';
import { matchKey } from './match-key.js';
import type { Problem } from './problem.js';
import type { Wording } from '../remedies.js';
import { remedy } from '../remedies.js';
import { errorAt } from './rules/problem-at.js';

export interface GroupingOptions {
  /** Merge an invoice whose rows are split by other invoices, instead of reporting an error. */
  readonly mergeSplit?: boolean;
  /** Under `mergeSplit`: most invoices held in memory until the end of the file (default 10,000). */
  readonly mergeBufferLimit?: number;
  /**
   * Invoices whose rows come back after other invoices (by invoiceKey), with the first row where
   * they do, found by a first pass over the sheet (sheet-keys.ts): their first part is an
   * error too, so a submission never issues an invoice that is missing rows. Without it, only the
   * rows that come back are (a stream cannot know, at an invoice's end, that it returns later).
   */
  readonly splitKeys?: ReadonlyMap<string, number>;
  /**
   * Told of each invoice whose rows come back after other invoices (by invoiceKey), with the row
   * where they do, as the grouper meets it: a first pass learns `splitKeys` this way (sheet-keys.ts),
   * and a dry run learns whether its invoices must be checked again with them (validate-sheet.ts).
   */
  readonly onComesBack?: (key: string, row: number) => void;
  /** The run's default issuer's RUC, when known: a row that leaves the issuer blank is keyed as its (rowKeyOf). */
  readonly defaultIssuer?: string;
  /** Whom the messages speak to: how each says what to do (remedies.ts); default the library's caller. */
  readonly wording?: Wording;
}

export const DEFAULT_MERGE_BUFFER_LIMIT = 10_000;

/** An `onComesBack` that keeps, in `into`, the first row where each invoice comes back (the row its first part's error names). */
export function firstReturnsInto(into: Map<string, number>): NonNullable<GroupingOptions['onComesBack']> {
  return (key, row) => {
    if (!into.has(key)) into.set(key, row);
  };
}

/**
 * The streaming state machine of grouping, synchronous so it can be tested row by row:
 * `push` each record in order, then `end`; each call returns the items completed by it.
 * Holds only the current invoice and the ranges of finished keys (default mode), or the buffered
 * invoices (mergeSplit, bounded).
 */
export interface InvoiceGrouper {
  push(record: LineRecord): GroupItem[];
  end(): GroupItem[];
}

const GROUPED_INVOICE_COLUMNS: readonly ColumnName[] = INVOICE_COLUMNS.filter((c) => c !== 'serie' && c !== 'numero');
const ENUM_COLUMNS = new Set<ColumnName>(GROUPED_INVOICE_COLUMNS.filter((c) => columnDefinition(c).type === 'enum'));

class DraftBuilder {
  readonly rows: number[] = [];
  readonly header: Partial<Record<ColumnName, string>> = {};
  readonly lines: DraftLine[] = [];
  readonly problems: Problem[] = [];
  /** Set when this block repeats a key finished earlier (default mode). */
  earlier: RowRange | undefined;
  /** Set when rows of this invoice come back further down (GroupingOptions.splitKeys): the first of them. */
  comesBackAt: number | undefined;
  /** Rows of this invoice the sheet hides, left out (LineRecord.hidden); undefined: none. */
  private hidden: number[] | undefined;
  private hiddenFlagged = false;

  constructor(
    readonly serie: string,
    readonly numero: string,
    /** The issuer the sheet names for the invoice; absent: the run's default issuer. */
    readonly emisorRuc: string | undefined,
    readonly wording: Wording | undefined,
  ) {}

  add(record: LineRecord): void {
    this.rows.push(record.row);
    this.lines.push(
      record.sheetAmounts === undefined && record.priceCurrency === undefined
        ? { row: record.row, values: record.values }
        : {
            row: record.row,
            values: record.values,
            ...(record.sheetAmounts ? { sheetAmounts: record.sheetAmounts } : {}),
            ...(record.sheetAmountHeaders ? { sheetAmountHeaders: record.sheetAmountHeaders } : {}),
            ...(record.priceCurrency ? { priceCurrency: record.priceCurrency } : {}),
          },
    );
    if (record.problems.length > 0) this.problems.push(...record.problems);
    if (this.hidden !== undefined && !this.hiddenFlagged) this.flagHidden(record.row);
    for (const column of GROUPED_INVOICE_COLUMNS) {
      const value = record.values[column];
      if (value === undefined || value === '') continue;
      const previous = this.header[column];
      if (previous === undefined) this.header[column] = value;
      else if (!sameValue(column, previous, value)) {
        // A row with no serie and no number joins the invoice above: when it names another customer or date, it is most often another sale whose number was left out.
        const unnumbered = (record.values.serie ?? '') === '' && (record.values.numero ?? '') === '';
        this.problems.push(conflict(column, this.rowThatGave(column) ?? record.row, previous, record.row, value, unnumbered));
      }
    }
  }

  /** The row that gave an invoice-level value (its first non-empty cell), for a conflict's message. */
  private rowThatGave(column: ColumnName): number | undefined {
    return this.lines.find((line) => {
      const value = line.values[column];
      return value !== undefined && value !== '';
    })?.row;
  }

  /**
   * A hidden row of this invoice, left out: the invoice gets one error, on its last visible row
   * so far, or (none yet) on the next one. `later`: rows hidden before this invoice's next visible
   * row (they wait for it rather than land on a row read long before).
   */
  hide(rows: readonly number[], later = false): void {
    (this.hidden ??= []).push(...rows);
    const last = this.rows[this.rows.length - 1];
    if (!later && !this.hiddenFlagged && last !== undefined) this.flagHidden(last);
  }

  private flagHidden(row: number): void {
    this.hiddenFlagged = true;
    this.problems.push(hiddenRowsInInvoice(row, `${this.serie}-${this.numero}`, this.hidden ?? [], this.wording));
  }

  range(): RowRange {
    return { first: this.rows[0] ?? 0, last: this.rows[this.rows.length - 1] ?? 0 };
  }

  build(): InvoiceDraft {
    const problems = [...this.problems];
    if (this.earlier) problems.unshift(reappeared(this.serie, this.numero, this.earlier, this.range(), this.wording));
    else if (this.comesBackAt !== undefined) problems.unshift(comesBack(this.serie, this.numero, this.range(), this.comesBackAt, this.wording));
    return {
      kind: 'invoice',
      serie: this.serie,
      numero: this.numero,
      ...(this.emisorRuc !== undefined ? { emisorRuc: this.emisorRuc } : {}),
      rows: this.rows,
      header: { serie: this.serie, numero: this.numero, ...this.header },
      lines: this.lines,
      problems,
    };
  }
}

class OrphanBuilder {
  readonly rows: number[] = [];
  readonly problems: Problem[] = [];
  constructor(readonly reason: 'before-first-invoice' | 'partial-key') {}

  add(record: LineRecord): void {
    const firstRow = this.rows[0];
    this.rows.push(record.row);
    const key = rowKeyOf(record.values, hasUnreadableKeyCell(record));
    if (firstRow === undefined && key.kind === 'partial') this.problems.push(partialKey(record.row, key.missing, key.present));
    else if (firstRow === undefined && key.kind === 'unreadable') this.problems.push(unreadableKey(record.row));
    else if (firstRow === undefined || this.reason === 'before-first-invoice') this.problems.push(beforeFirstInvoice(record.row));
    else this.problems.push(continuesIncomplete(record.row, firstRow));
    this.problems.push(...record.problems);
  }

  build(): OrphanRows {
    return { kind: 'orphan', rows: this.rows, problems: this.problems };
  }
}

function sameValue(column: ColumnName, a: string, b: string): boolean {
  return ENUM_COLUMNS.has(column) ? matchKey(a) === matchKey(b) : a === b;
}

export function createInvoiceGrouper(options: GroupingOptions = {}): InvoiceGrouper {
  const mergeSplit = options.mergeSplit ?? false;
  const limit = options.mergeBufferLimit ?? DEFAULT_MERGE_BUFFER_LIMIT;
  const defaultIssuer = options.defaultIssuer ?? '';
  /** Default mode: ranges of finished invoices, by key (compact: one entry per invoice of the file). */
  const finished = new FinishedInvoices();
  /** mergeSplit mode: every invoice so far, in order of first appearance. */
  const buffered = new Map<string, DraftBuilder>();
  let state: GroupingState = { kind: 'start' };
  let current: DraftBuilder | OrphanBuilder | undefined;
  /**
   * Hidden rows (left out) of the invoice the last hidden row with a key named, while none of its
   * visible rows has come: they go to that invoice if its next visible row follows.
   */
  let pendingHidden: { key: string; rows: number[] } | undefined;
  /** mergeSplit: invoices seen only in hidden rows so far, by key (at most the buffer limit of them). */
  const hiddenOnly = new Map<string, number[]>();

  /** Where a left-out hidden row's invoice is, so that invoice is never sent without it. */
  function hideRow(record: LineRecord): void {
    const rowKey = inheritIssuer(keyOfRecord(record));
    if (rowKey.kind !== 'key') {
      // A continuation row (or one naming no whole invoice): the invoice the rows above named.
      if (pendingHidden !== undefined) pendingHidden.rows.push(record.row);
      else if (current instanceof DraftBuilder) current.hide([record.row]);
      return;
    }
    if (current instanceof DraftBuilder && state.kind === 'invoice' && state.key === rowKey.key) {
      pendingHidden = undefined;
      current.hide([record.row]);
      return;
    }
    const earlier = mergeSplit ? buffered.get(rowKey.key) : undefined;
    if (earlier !== undefined) {
      pendingHidden = undefined;
      earlier.hide([record.row]);
      return;
    }
    if (pendingHidden?.key === rowKey.key) pendingHidden.rows.push(record.row);
    else {
      setAside(pendingHidden);
      pendingHidden = { key: rowKey.key, rows: [record.row] };
    }
  }

  /** Hidden rows whose invoice did not follow: under mergeSplit it may still come later. */
  function setAside(pending: { key: string; rows: number[] } | undefined): void {
    if (pending === undefined || !mergeSplit) return;
    const kept = hiddenOnly.get(pending.key);
    if (kept !== undefined) kept.push(...pending.rows);
    else if (hiddenOnly.size < limit) hiddenOnly.set(pending.key, pending.rows);
  }

  /** The hidden rows waiting for the invoice a visible row with this key joins or starts. */
  function hiddenWaitingFor(rowKey: RowKey): number[] | undefined {
    if (rowKey.kind !== 'key') return undefined;
    let rows: number[] | undefined;
    if (pendingHidden !== undefined) {
      if (pendingHidden.key === rowKey.key) rows = pendingHidden.rows;
      else setAside(pendingHidden);
      pendingHidden = undefined;
    }
    if (mergeSplit && hiddenOnly.size > 0) {
      const kept = hiddenOnly.get(rowKey.key);
      if (kept !== undefined) {
        hiddenOnly.delete(rowKey.key);
        rows = rows === undefined ? kept : [...kept, ...rows];
      }
    }
    return rows;
  }

  function close(): GroupItem[] {
    const item = current;
    current = undefined;
    if (item === undefined) return [];
    if (item instanceof OrphanBuilder) return [item.build()];
    if (mergeSplit) return []; // stays buffered until the end
    if (!item.earlier) {
      const key = keyOf(item);
      finished.set(key, item.range());
      item.comesBackAt = options.splitKeys?.get(key);
    }
    return [item.build()];
  }

  function keyOf(b: DraftBuilder): string {
    const k = rowKeyOf({ serie: b.serie, numero: b.numero, ...(b.emisorRuc !== undefined ? { emisorRuc: b.emisorRuc } : {}) }, false, defaultIssuer);
    return k.kind === 'key' ? k.key : '';
  }

  /**
   * What the record says about its invoice. Every row of an invoice usually repeats its serie and
   * numero: the key of the row before is reused when this row names the same three cells.
   */
  let lastKey: { serie: string | undefined; numero: string | undefined; emisorRuc: string | undefined; key: RowKey } | undefined;
  function keyOfRecord(record: LineRecord): RowKey {
    const { serie, numero, emisorRuc } = record.values;
    if (record.problems.length > 0 && hasUnreadableKeyCell(record)) return { kind: 'unreadable' };
    if (lastKey !== undefined && lastKey.serie === serie && lastKey.numero === numero && lastKey.emisorRuc === emisorRuc) return lastKey.key;
    const key = rowKeyOf(record.values, false, defaultIssuer);
    lastKey = { serie, numero, emisorRuc, key };
    return key;
  }

  /** A row that repeats the current invoice's serie and numero but leaves the issuer blank continues it. */
  function inheritIssuer(rowKey: RowKey): RowKey {
    if (rowKey.kind !== 'key' || rowKey.emisorRuc !== undefined || !(current instanceof DraftBuilder) || current.emisorRuc === undefined) return rowKey;
    if (invoiceKey(rowKey.serie, rowKey.numero) !== invoiceKey(current.serie, current.numero)) return rowKey;
    return { ...rowKey, key: keyOf(current), emisorRuc: current.emisorRuc };
  }

  return {
    push(record) {
      // A row that is not a line (a totals row, hidden rows left out): its notes, and nothing else.
      if (record.hidden === true) {
        hideRow(record);
        return [];
      }
      if (record.skipped === true) return [{ kind: 'orphan', rows: [], problems: record.problems }];
      const rowKey = inheritIssuer(keyOfRecord(record));
      const waiting = pendingHidden === undefined && hiddenOnly.size === 0 ? undefined : hiddenWaitingFor(rowKey);
      // A row of the invoice being read (most rows) needs no look-up of where its key was seen.
      const continues = rowKey.kind === 'key' && state.kind === 'invoice' && state.key === rowKey.key;
      const known = rowKey.kind !== 'key' || continues ? undefined : mergeSplit ? buffered.get(rowKey.key)?.range() : finished.get(rowKey.key);
      const decision = decideGrouping(state, rowKey, known, mergeSplit);
      let out: GroupItem[] = [];
      switch (decision.action) {
        case 'continue':
          break;
        case 'start-orphan':
          // A row that names no whole invoice, right below one: it may be a line of it (a number
          // mistyped, or left out on a continuation row), and an invoice issued without a line
          // cannot be mended by sending again. That invoice is held until the row is fixed.
          if (decision.reason === 'partial-key' && current instanceof DraftBuilder) current.problems.push(mayMissRow(current, record.row, rowKey));
          out = close();
          current = new OrphanBuilder(decision.reason);
          state = { kind: 'orphan' };
          break;
        case 'start-invoice':
        case 'reappeared':
        case 'merge': {
          if (rowKey.kind !== 'key') throw new Error('unreachable: an invoice decision needs a key');
          // The invoice above, its issuer left blank, with this row's serie and number and an issuer
          // named here: one invoice whose rows disagree on its issuer, or two; neither is sent.
          const disagrees =
            decision.action === 'start-invoice' &&
            rowKey.emisorRuc !== undefined &&
            current instanceof DraftBuilder &&
            current.emisorRuc === undefined &&
            invoiceKey(current.serie, current.numero) === invoiceKey(rowKey.serie, rowKey.numero)
              ? issuerDisagrees(current, record.row, rowKey.emisorRuc)
              : undefined;
          if (disagrees !== undefined && current instanceof DraftBuilder) current.problems.push(disagrees);
          out = close();
          const merged = decision.action === 'merge' ? buffered.get(rowKey.key) : undefined;
          const builder = merged ?? new DraftBuilder(rowKey.serie, rowKey.numero, rowKey.emisorRuc, options.wording);
          if (decision.action === 'reappeared') {
            builder.earlier = decision.earlier;
            options.onComesBack?.(rowKey.key, record.row);
          }
          if (mergeSplit && !merged) {
            if (buffered.size >= limit) throw bufferExceeded(limit, record.row, options.wording);
            buffered.set(rowKey.key, builder);
          }
          if (disagrees !== undefined) builder.problems.push({ ...disagrees, row: record.row });
          current = builder;
          state = { kind: 'invoice', key: rowKey.key };
          break;
        }
      }
      if (waiting !== undefined && current instanceof DraftBuilder) current.hide(waiting, true);
      current?.add(record);
      return out;
    },
    end() {
      const out = close();
      if (mergeSplit) {
        for (const b of buffered.values()) out.push(b.build());
        buffered.clear();
      }
      pendingHidden = undefined;
      hiddenOnly.clear();
      state = { kind: 'start' };
      return out;
    },
  };
}

function label(column: ColumnName): LocalizedText {
  return columnDefinition(column).label;
}

function conflict(column: ColumnName, firstRow: number, firstValue: string, row: number, value: string, unnumbered: boolean): Problem {
  const l = label(column);
  // A date as the sheet shows it, not as it was read.
  const shown = (v: string): string => (columnDefinition(column).type === 'date' ? shownDate(v) : v);
  // Changing the value to match would put that sale on the other customer's invoice: the likelier fix comes first.
  const other = unnumbered
    ? localized(
        ` La fila ${row} no tiene serie ni número, así que se leyó como otra línea de la factura de arriba: si es otra venta, escriba su serie y su número.`,
        ` Row ${row} has no series or number, so it was read as another line of the invoice above: if it is another sale, write its series and number.`,
      )
    : localized('', '');
  return errorAt(
    'CONFLICTING_INVOICE_VALUE',
    row,
    column,
    value,
    `«${l.es}» dice «${shown(value)}» en la fila ${row}, pero la fila ${firstRow} de la misma factura dice «${shown(firstValue)}».${other.es} Un dato de la factura debe ser igual en todas sus filas (o dejarse en blanco en las siguientes).`,
    `"${l.en}" is "${value}" in row ${row}, but row ${firstRow} of the same invoice says "${firstValue}".${other.en} An invoice-level value must be the same on all its rows (or left blank after the first).`,
  );
}

/**
 * What to do about a number that comes back: it is two invoices given one number (an office's
 * commonest slip: a number typed twice) or one invoice whose rows were parted (a sheet not sorted).
 */
function twoInvoices(wording: Wording | undefined): LocalizedText {
  const merge = remedy('mergeSplit', wording);
  return localized(
    `Si son facturas distintas, cada una necesita su propio número: corrija el de una de ellas. Si es la misma factura, sus filas deben ir juntas: ordene la hoja por serie y número${merge.es}`,
    `If they are different invoices, each needs its own number: correct one of them. If it is the same invoice, its rows must be together: sort the sheet by series and number${merge.en}`,
  );
}

function reappeared(serie: string, numero: string, earlier: RowRange, now: RowRange, wording: Wording | undefined): Problem {
  const either = twoInvoices(wording);
  const a = describeRange(earlier);
  const b = describeRange(now);
  return errorAt(
    'INVOICE_KEY_REPEATED',
    now.first,
    'numero',
    `${serie}-${numero}`,
    `La factura ${serie}-${numero} ya apareció en ${a.es} y vuelve a aparecer en ${b.es}, después de otras facturas. ${either.es} La factura no se envía: ni estas filas ni las anteriores.`,
    `Invoice ${serie}-${numero} already appeared in ${a.en} and appears again in ${b.en}, after other invoices. ${either.en} The invoice is not sent: neither these rows nor the earlier ones.`,
  );
}

function comesBack(serie: string, numero: string, rows: RowRange, later: number, wording: Wording | undefined): Problem {
  const either = twoInvoices(wording);
  const a = describeRange(rows);
  return errorAt(
    'INVOICE_KEY_SPLIT',
    rows.first,
    'numero',
    `${serie}-${numero}`,
    `La factura ${serie}-${numero}, en ${a.es}, vuelve a aparecer en la fila ${later}, después de otras facturas: no se envía una factura a la que le faltan filas. ${either.es}`,
    `Invoice ${serie}-${numero}, in ${a.en}, appears again in row ${later}, after other invoices: an invoice missing rows is not sent. ${either.en}`,
  );
}

function beforeFirstInvoice(row: number): Problem {
  return errorAt(
    'ROW_WITHOUT_INVOICE',
    row,
    'serie',
    '',
    `La fila ${row} no tiene serie ni número y no hay una factura antes de ella a la que pueda pertenecer. Escriba la serie y el número de su factura.`,
    `Row ${row} has no series or number and there is no invoice above it to belong to. Write its invoice's series and number.`,
  );
}

function unreadableKey(row: number): Problem {
  return errorAt(
    'INCOMPLETE_INVOICE_KEY',
    row,
    undefined,
    undefined,
    `La fila ${row} tiene una serie, un número o un RUC del emisor que no se pudo leer (vea el otro error de esta fila): no se sabe a qué factura pertenece, así que no se une a la factura de arriba y no se enviará.`,
    `Row ${row} has a series, number or issuer RUC that could not be read (see this row's other error): it is not known which invoice it belongs to, so it is not joined to the invoice above and will not be sent.`,
  );
}

function mayMissRow(invoice: DraftBuilder, row: number, rowKey: RowKey): Problem {
  const id = `${invoice.serie}-${invoice.numero}`;
  const below = invoice.rows[invoice.rows.length - 1] ?? row;
  const why =
    rowKey.kind === 'partial'
      ? localized(`le falta «${label(rowKey.missing).es}»`, `its "${label(rowKey.missing).en}" is missing`)
      : localized('su serie o su número no se pudo leer', 'its series or number could not be read');
  return errorAt(
    'INVOICE_MAY_MISS_ROW',
    below,
    undefined,
    undefined,
    `La fila ${row}, justo debajo de la factura ${id}, no dice a qué factura pertenece (${why.es}): podría ser una línea de esta factura. Una factura enviada sin una de sus líneas ya no se puede completar, así que ${id} no se envía hasta que corrija la fila ${row}: escriba su serie y su número, o déjelos ambos en blanco si la fila continúa la factura ${id}.`,
    `Row ${row}, right below invoice ${id}, does not say which invoice it belongs to (${why.en}): it may be a line of this invoice. An invoice sent without one of its lines cannot be completed afterwards, so ${id} is not sent until row ${row} is fixed: write its series and number, or leave both blank if the row continues invoice ${id}.`,
  );
}

/**
 * The error of rows with one serie and number, one after the other, that leave the issuer blank and
 * then name one: read as two invoices, the first (of the default issuer) was sent with its first
 * rows only, and when the default issuer is the one named, the rest came back «ya existe», a line lost.
 */
function issuerDisagrees(above: DraftBuilder, row: number, emisorRuc: string): Problem {
  const id = `${above.serie}-${above.numero}`;
  const first = above.rows[0] ?? row;
  return errorAt(
    'INVOICE_ISSUER_DISAGREES',
    first,
    'emisorRuc',
    emisorRuc,
    `Las filas de la factura ${id} no dicen el mismo emisor: la fila ${first} deja en blanco el RUC del emisor y la fila ${row} dice ${emisorRuc}. Escriba el RUC del emisor en todas sus filas (o en ninguna); si son dos facturas distintas, cada una necesita su propio número. No se envía ninguna de las dos.`,
    `The rows of invoice ${id} do not name the same issuer: row ${first} leaves the issuer RUC blank and row ${row} says ${emisorRuc}. Write the issuer RUC in all its rows (or in none); if they are two invoices, each needs its own number. Neither is sent.`,
  );
}

function partialKey(row: number, missing: 'serie' | 'numero', present: string): Problem {
  const l = label(missing);
  return errorAt(
    'INCOMPLETE_INVOICE_KEY',
    row,
    missing,
    present,
    `La fila ${row} tiene ${missing === 'serie' ? `número «${present}» pero no serie` : `serie «${present}» pero no número`}: falta «${l.es}». Una factura se identifica por su serie y su número; escriba ambos (o deje los dos en blanco si la fila continúa la factura de arriba).`,
    `Row ${row} has ${missing === 'serie' ? `number "${present}" but no series` : `series "${present}" but no number`}: "${l.en}" is missing. An invoice is identified by its series and number; write both (or leave both blank when the row continues the invoice above).`,
  );
}

function continuesIncomplete(row: number, firstRow: number): Problem {
  return errorAt(
    'ROW_WITHOUT_INVOICE',
    row,
    'serie',
    '',
    `La fila ${row} no tiene serie ni número y continúa la fila ${firstRow}, que no identifica una factura completa. Corrija la fila ${firstRow}.`,
    `Row ${row} has no series or number and continues row ${firstRow}, which does not identify a complete invoice. Fix row ${firstRow}.`,
  );
}

function bufferExceeded(limit: number, row: number, wording: Wording | undefined): FacturaError {
  const merge = remedy('mergeSplitGiven', wording);
  return new FacturaError(
    'INPUT',
    localized(
      `Para unir las facturas separadas hay que guardar en memoria todas las facturas hasta el final del archivo, y en la fila ${row} ya son más de ${limit}. Ordene la hoja por serie y número (así no hace falta unir nada ni ${merge.es}), o divida el archivo en partes de menos de ${limit} facturas.`,
      `Merging split invoices keeps every invoice in memory until the end of the file, and at row ${row} there are already more than ${limit}. Sort the sheet by series and number (then nothing needs merging and ${merge.en} is not needed), or split the file into parts of fewer than ${limit} invoices.`,
    ),
  );
}
