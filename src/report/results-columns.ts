import { bodyField } from '../invoice/body-field.js';
import type { Lang, LocalizedText } from '../i18n/localized-text.js';
import { localized } from '../i18n/localized-text.js';
import type { InvoiceOutcome, ServiceAnswer } from '../invoice/invoice-outcome.js';
import { STATUS_LABELS } from '../invoice/invoice-status.js';
import type { Problem } from '../invoice/problem.js';
import type { CellValue } from './cell-text.js';
import { toCellValue } from './cell-text.js';
import { formatRowRanges } from './row-ranges.js';

/** How a column reads its cell: in the user's language, text scrubbed of secrets and made safe. */
export interface CellReading {
  readonly lang: Lang;
  /** A text cell (secrets removed, safe for XLSX); absent stays blank. */
  text(value: string | undefined): CellValue;
}

/**
 * One column of a results table: its header, its width, its number format, and how its value is
 * read from what the row is about. The table drives both sides: the results thread writes the
 * header row from it (results-file.ts), the main thread fills every row from it
 * (results-workbook.ts), so a column cannot be added, moved or dropped on one side only.
 */
export interface ResultsColumn<Source> {
  readonly name: string;
  readonly header: LocalizedText;
  readonly width: number;
  /** Excel number format of a number in this column. */
  readonly numFmt?: string;
  readonly read: (source: Source, cell: CellReading) => CellValue;
}

/** What a `Comprobantes` row is read from: the outcome and the service's answer (secrets removed). */
export interface InvoiceSource {
  readonly outcome: InvoiceOutcome;
  readonly answer: ServiceAnswer;
}

/** What an `Errores` row is read from: the problem, its invoice (none for a file-level problem), where its column is in the user's sheet. */
export interface ProblemSource {
  readonly problem: Problem;
  readonly outcome?: InvoiceOutcome | undefined;
  readonly where?: { readonly header: string; readonly letter?: string } | undefined;
}

export const MONEY = '#,##0.00';

const SEVERITY_LABELS = { error: localized('Error', 'Error'), warning: localized('Advertencia', 'Warning') } as const;

/** The columns of `Comprobantes`, in order. */
export const INVOICE_COLUMNS = [
  { name: 'serie', header: localized('Serie', 'Series'), width: 8, read: ({ outcome }, c) => c.text(outcome.serie) },
  { name: 'numero', header: localized('Número', 'Number'), width: 11, numFmt: '0', read: ({ outcome }) => numberOrText(outcome.numero) },
  { name: 'rows', header: localized('Filas', 'Rows'), width: 12, read: ({ outcome }) => formatRowRanges(outcome.rows) },
  { name: 'receptorTipo', header: localized('Tipo doc.', 'Doc. type'), width: 9, read: ({ outcome }, c) => c.text(outcome.receptor?.tipo) },
  {
    name: 'receptorNumero',
    header: localized('Documento receptor', 'Customer document'),
    width: 16,
    read: ({ outcome }, c) => c.text(outcome.receptor?.numero),
  },
  { name: 'receptorNombre', header: localized('Receptor', 'Customer'), width: 34, read: ({ outcome }, c) => c.text(outcome.receptor?.nombre) },
  { name: 'moneda', header: localized('Moneda', 'Currency'), width: 8, read: ({ outcome }, c) => c.text(outcome.moneda) },
  { name: 'base', header: localized('Base', 'Net'), width: 14, numFmt: MONEY, read: ({ outcome }) => amount(outcome.totals?.base) },
  { name: 'igv', header: localized('IGV', 'IGV'), width: 12, numFmt: MONEY, read: ({ outcome }) => amount(outcome.totals?.igv) },
  { name: 'total', header: localized('Total', 'Total'), width: 14, numFmt: MONEY, read: ({ outcome }) => amount(outcome.totals?.total) },
  { name: 'status', header: localized('Estado', 'Status'), width: 13, read: ({ outcome }, c) => STATUS_LABELS[outcome.status][c.lang] },
  { name: 'httpStatus', header: localized('HTTP', 'HTTP'), width: 6, read: ({ answer }) => answer.httpStatus ?? null },
  { name: 'identificador', header: localized('Identificador', 'Identifier'), width: 38, read: ({ answer }, c) => c.text(answer.identificador) },
  { name: 'codigo', header: localized('Código', 'Code'), width: 10, read: ({ answer }, c) => c.text(answer.codigo) },
  { name: 'mensaje', header: localized('Mensaje', 'Message'), width: 40, read: ({ answer }, c) => c.text(answer.mensaje) },
  { name: 'detalle', header: localized('Detalle', 'Detail'), width: 40, read: ({ answer }, c) => c.text(answer.detalle) },
  { name: 'attempts', header: localized('Intentos', 'Attempts'), width: 8, read: ({ outcome }) => outcome.attempts },
  {
    name: 'seconds',
    header: localized('Tiempo (s)', 'Time (s)'),
    width: 10,
    numFmt: '0.00',
    read: ({ outcome }) => (outcome.durationMs === undefined ? null : outcome.durationMs / 1000),
  },
  { name: 'errors', header: localized('Errores', 'Errors'), width: 8, read: ({ outcome }) => countErrors(outcome.problems) },
  {
    name: 'warnings',
    header: localized('Advertencias', 'Warnings'),
    width: 12,
    read: ({ outcome }) => outcome.problems.length - countErrors(outcome.problems),
  },
  { name: 'note', header: localized('Nota', 'Note'), width: 30, read: ({ outcome }, c) => c.text(outcome.note) },
  // Last, so the columns before it keep their letters for macros and formulas written against earlier versions.
  { name: 'emisorRuc', header: localized('RUC emisor', 'Issuer RUC'), width: 13, read: ({ outcome }, c) => c.text(outcome.emisorRuc) },
  // The service's own word on an accepted invoice, kept whole (provider-notes.md: «keep the whole
  // body»): its hash, which the printed invoice carries, apart; then the body as it came.
  {
    name: 'hash',
    header: localized('Hash', 'Hash'),
    width: 30,
    read: ({ answer }, c) => {
      const hash = answer.hash ?? bodyField(answer.body, 'hash');
      return c.text(hash === undefined ? undefined : String(hash));
    },
  },
  {
    name: 'answerBody',
    header: localized('Respuesta del servicio', 'Service answer'),
    width: 50,
    read: ({ answer }, c) => c.text(answer.body === undefined ? undefined : JSON.stringify(answer.body)),
  },
] as const satisfies readonly ResultsColumn<InvoiceSource>[];

/** The columns of `Errores`, in order. */
export const PROBLEM_COLUMNS = [
  { name: 'serie', header: localized('Serie', 'Series'), width: 8, read: ({ outcome }, c) => (outcome ? c.text(outcome.serie) : null) },
  { name: 'numero', header: localized('Número', 'Number'), width: 11, numFmt: '0', read: ({ outcome }) => (outcome ? numberOrText(outcome.numero) : null) },
  { name: 'row', header: localized('Fila', 'Row'), width: 7, read: ({ problem, outcome }) => problem.row ?? outcome?.rows[0] ?? null },
  { name: 'column', header: localized('Columna', 'Column'), width: 24, read: ({ problem, where }, c) => c.text(where?.header ?? problem.column) },
  { name: 'letter', header: localized('Letra', 'Letter'), width: 6, read: ({ where }, c) => c.text(where?.letter) },
  { name: 'value', header: localized('Valor leído', 'Value read'), width: 24, read: ({ problem }, c) => c.text(problem.value) },
  { name: 'message', header: localized('Mensaje', 'Message'), width: 70, read: ({ problem }, c) => c.text(problem.message[c.lang]) },
  { name: 'severity', header: localized('Gravedad', 'Severity'), width: 12, read: ({ problem }, c) => SEVERITY_LABELS[problem.severity][c.lang] },
  { name: 'code', header: localized('Código', 'Code'), width: 22, read: ({ problem }, c) => c.text(problem.code) },
] as const satisfies readonly ResultsColumn<ProblemSource>[];

/** A row's cells, column by column. */
export function readRow<Source>(columns: readonly ResultsColumn<Source>[], source: Source, cell: CellReading): CellValue[] {
  return columns.map((column) => column.read(source, cell));
}

/** The 1-based position of a column in its table (the coloured status and severity cells). */
export function columnNumber<Name extends string>(columns: readonly { readonly name: Name }[], name: Name): number {
  const index = columns.findIndex((c) => c.name === name);
  if (index < 0) throw new Error(`no results column named ${name}`);
  return index + 1;
}

function countErrors(problems: readonly Problem[]): number {
  return problems.filter((p) => p.severity === 'error').length;
}

/** `"118.00"` → 118 (shown with 2 decimals); absent stays blank. */
function amount(value: string | undefined): number | null {
  if (value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** The invoice number as a number when it is one (the contract's `numero` is), else the text. */
function numberOrText(value: string): CellValue {
  return /^\d{1,15}$/.test(value) ? Number(value) : toCellValue(value);
}
