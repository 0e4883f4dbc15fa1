import type { Wording } from '../remedies.js';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type ExcelJS from 'exceljs';
import type { Worksheet } from 'exceljs';
import type { Lang } from '../i18n/localized-text.js';
import { localized } from '../i18n/localized-text.js';
import type { InvoiceStatus } from '../invoice/invoice-status.js';
import { INVOICE_STATUSES, STATUS_LABELS } from '../invoice/invoice-status.js';
import { WorkbookWriter, workbookWriterSheets } from '../exceljs-internals.js';
import { redactText } from '../redact-secrets.js';
import type { CellValue } from './cell-text.js';
import { toCellValue } from './cell-text.js';
import type { PackedReader, PackedValues } from './packed-values.js';
import { readPacked } from './packed-values.js';
import type { TableValue } from './render-row-xml.js';
import type { RunCounts } from './run-summary.js';
import { issuerStanding } from './run-summary.js';
import type { CellStyle } from './shared-cell-styles.js';
import { NO_STYLE, numberFormatStyle } from './shared-cell-styles.js';
import type { ResultsColumn } from './results-columns.js';
import { columnNumber, INVOICE_COLUMNS, MONEY, PROBLEM_COLUMNS } from './results-columns.js';
import type { TableSheet, TableSheetOptions } from './table-sheet.js';
import { addTableSheet, spoolTableSheet } from './table-sheet.js';
import { STATUS_STYLES, HEADER_STYLE, TITLE_FONT } from './status-styles.js';
import { fileSha256 } from './file-checksum.js';
import { wallClock } from './wall-clock.js';
import { commitWorkbook, openWorkbookOutput } from './workbook-output.js';

export const SHEET_NAMES = { summary: 'Resumen', invoices: 'Comprobantes', problems: 'Errores' } as const;

/** What the `Resumen` sheet says about the run besides the counts. */
export interface RunInfo {
  readonly inputPath: string;
  /** SHA-256 of the input file, hex (see fileSha256). */
  readonly inputSha256?: string;
  readonly command: string;
  readonly dryRun: boolean;
  readonly startedAt: Date;
  readonly finishedAt: Date;
  readonly journalPath?: string;
  readonly fixAndResendPath?: string;
  /** Whether issuer data came from a config file (else from the login and the environment). */
  readonly issuerConfigured?: boolean;
  readonly interrupted?: boolean;
  /** The run's problems by kind and column, most frequent first (see problem-groups.ts). */
  readonly problemGroups?: readonly SummaryProblemGroup[];
  /** 'workspace': for the web workspace's user, without the command and the journal's file, which are the command line's. */
  readonly wording?: Wording;
}

/** One kind of problem as `Resumen` lists it: where, how many invoices, the first rows, an example. */
export interface SummaryProblemGroup {
  readonly severity: 'error' | 'warning';
  /** The sheet's header text (and letter) of the column. */
  readonly column?: string;
  readonly letter?: string;
  readonly invoices: number;
  readonly rows: readonly number[];
  readonly example: string;
}

/** Kinds of problem listed at the top of `Resumen`; `Errores` has every problem. */
const SUMMARY_GROUPS = 20;

/** What this side uses of a column: its header, width and number format (not how it is read). */
type ColumnLayout = Pick<ResultsColumn<never>, 'header' | 'width' | 'numFmt'>;

/**
 * `Comprobantes` and `Errores` rows as they cross from the run (results-workbook.ts): their cells,
 * already made safe, packed to be cheap to clone (packed-values.ts), a row's worth of values per
 * status and per severity.
 */
export interface ResultsRows {
  /** INVOICE_COLUMNS' cells, row after row. */
  readonly invoices: PackedValues;
  /** Each `Comprobantes` row's status, which colours it. */
  readonly statuses: readonly InvoiceStatus[];
  /** PROBLEM_COLUMNS' cells, row after row. */
  readonly problems: PackedValues;
  /** Whether each `Errores` row is an error (else a warning). */
  readonly errors: readonly boolean[];
}

export interface ResultsFileOptions {
  /** The results workbook to write (written to `partPath` and renamed when complete). */
  readonly path: string;
  /** The temporary file it is written to (uniquePartPath: two writers never share one). */
  readonly partPath: string;
  readonly lang: Lang;
  /** Literal secrets the Resumen's texts (paths, command) are scrubbed of. */
  readonly secrets: readonly string[];
  /** Time zone of the dates shown (start, end): the user's wall clock. Default America/Lima. */
  readonly timeZone?: string;
  /** Where the problems are spooled during the run. Default: the OS temporary directory. */
  readonly tempDir?: string;
  /**
   * The run's input: its SHA-256 (for `Resumen`, when the run info brings none) is taken as the
   * file opens, beside the rows. On the main thread, after the last row, it was the run's last
   * wait: 0.1 s for a 36 MB CSV.
   */
  readonly checksumOf?: string;
}

/** The file side of the results workbook: rows in, an XLSX out. Its errors are the file system's. */
export interface ResultsFile {
  /** Rows in `Comprobantes` now; problems spooled for `Errores`. */
  add(rows: ResultsRows): Promise<void>;
  /** Writes `Errores` and `Resumen`, finishes the zip and moves the file to its path. */
  close(summary: RunCounts, run: RunInfo): Promise<void>;
  /** Gives up: removes the partial file and the spool. */
  abort(): Promise<void>;
}

const DATE_TIME = 'yyyy-mm-dd hh:mm:ss';
/** The 1-based columns coloured by the invoice's status and by the problem's severity. */
const STATUS_COLUMN = columnNumber(INVOICE_COLUMNS, 'status');
const SEVERITY_COLUMN = columnNumber(PROBLEM_COLUMNS, 'severity');

/**
 * Writes the results workbook with exceljs's streaming writer in bounded memory (this runs in the
 * results thread: see results-workbook.ts).
 *
 * exceljs zips one sheet at a time and holds in memory every row of any other sheet until the
 * one before it is committed (exceljs issues #629, #1894; measured here). So only `Comprobantes`
 * is streamed live; the `Errores` rows are rendered as they come into a spool file on disk, and
 * copied into their sheet at close (spoolTableSheet: at the end of an all-invalid run only bytes
 * are copied and zipped, nothing parsed or rendered), then `Resumen` is written, and put first in
 * the tab order. The two tables are table sheets (table-sheet.ts): rows rendered straight into the
 * sheet's zip entry, waiting for zlib whenever 64 KiB of rows has gone in (exceljs itself never
 * waits for it).
 */
export async function openResultsFile(options: ResultsFileOptions): Promise<ResultsFile> {
  const { lang, secrets } = options;
  const { partPath } = options;
  const output = await openWorkbookOutput(partPath);
  // A file that cannot be read again leaves the checksum cell blank: never the run's results.
  const checksum = options.checksumOf === undefined ? undefined : fileSha256(options.checksumOf).catch(() => undefined);
  const spoolDir = await mkdtemp(join(options.tempDir ?? tmpdir(), 'factura-report-'));
  const spoolPath = join(spoolDir, 'errores.xml');
  const spool = createWriteStream(spoolPath, { highWaterMark: SPOOL_HIGH_WATER });
  spool.on('error', output.fail);
  const failed = output.failed;

  const workbook = new WorkbookWriter({ stream: output.stream, useStyles: true, useSharedStrings: false, zip: ZIP_OPTIONS });
  workbook.creator = 'factura-import';
  const invoices = addTableSheet(workbook, SHEET_NAMES.invoices, tableOptions(INVOICE_COLUMNS, lang, failed));
  const errores = spoolTableSheet(workbook, SHEET_NAMES.problems, tableOptions(PROBLEM_COLUMNS, lang, failed), { path: spoolPath, stream: spool });
  let closed = false;
  const check = (): void => output.check();
  /** Waits for a drain, if there is one to wait for; a wait cut short by a failed write ends as that failure. */
  const drained = async (wait: () => Promise<unknown> | undefined): Promise<void> => {
    try {
      const draining = wait();
      if (draining !== undefined) await draining;
    } catch (err) {
      check();
      throw err;
    }
  };

  /** A pack's rows into a table, `numbers`' widths a row, each with its coloured cell. */
  const addPacked = async (
    sheet: Pick<TableSheet, 'addRow'>,
    packed: PackedValues,
    numbers: readonly CellStyle[],
    colouredColumn: number,
    colours: readonly CellStyle[],
  ): Promise<void> => {
    const cells = readPacked(packed);
    for (const coloured of colours) {
      const values = nextRow(cells, numbers.length);
      await drained(() => sheet.addRow(values, cellStyles(numbers, values, colouredColumn, coloured)));
    }
  };

  return {
    async add(rows) {
      check();
      if (closed) throw new Error('results workbook already closed');
      await addPacked(
        invoices,
        rows.invoices,
        INVOICE_STYLES,
        STATUS_COLUMN,
        rows.statuses.map((status) => STATUS_CELL_STYLES[status]),
      );
      await addPacked(
        errores,
        rows.problems,
        PROBLEM_STYLES,
        SEVERITY_COLUMN,
        rows.errors.map((error) => STATUS_CELL_STYLES[error ? 'INVALID' : 'UNKNOWN']),
      );
    },

    async close(summary, run) {
      check();
      closed = true;
      try {
        invoices.commit();
        await drained(() => errores.commit());
        const resumen = workbook.addWorksheet(SHEET_NAMES.summary, { views: [{ showGridLines: false }] });
        const inputSha256 = run.inputSha256 ?? (await checksum);
        writeSummarySheet(resumen, summary, inputSha256 === undefined ? run : { ...run, inputSha256 }, lang, options.timeZone ?? 'America/Lima', secrets);
        resumen.commit();
        putFirst(workbook, resumen);
        await commitWorkbook(workbook, output);
        await rename(partPath, options.path);
      } catch (err) {
        await rm(partPath, { force: true });
        throw err;
      } finally {
        await rm(spoolDir, { recursive: true, force: true });
      }
    },

    async abort() {
      closed = true;
      errores.destroy();
      output.stream.destroy();
      await checksum; // its file closed before the thread ends
      await rm(partPath, { force: true });
      await rm(spoolDir, { recursive: true, force: true });
    },
  };
}

/** A table sheet's header row and widths: those of its columns (results-columns.ts). */
function tableOptions(columns: readonly ColumnLayout[], lang: Lang, signal: AbortSignal): TableSheetOptions {
  return { header: columns.map((c) => c.header[lang]), headerStyle: HEADER_CELL_STYLE, widths: columns.map((c) => c.width), signal };
}

/**
 * archiver's deflate with its own default level (the fastest) and 256 KiB output buffers instead of
 * zlib's 16 KiB: a block of `Errores`, copied in 256 KiB blocks at the end of the run, then comes
 * out in one turn (30 MB through archiver alone: 137-144 ms → 101-122 ms; same bytes out).
 */
const ZIP_OPTIONS = { zlib: { chunkSize: 256 * 1024 } };

/** Bytes of `Errores` XML the spool file may buffer before the results thread waits for the disk. */
const SPOOL_HIGH_WATER = 1024 * 1024;

/** Shared style objects (see shared-cell-styles.ts): exceljs then finds each one's id at once. */
const HEADER_CELL_STYLE: CellStyle = { font: HEADER_STYLE.font, fill: HEADER_STYLE.fill, alignment: { vertical: 'middle', wrapText: true } };
const STATUS_CELL_STYLES: Readonly<Record<InvoiceStatus, CellStyle>> = Object.fromEntries(
  INVOICE_STATUSES.map((status) => [status, { fill: STATUS_STYLES[status].fill, font: STATUS_STYLES[status].font }]),
) as Record<InvoiceStatus, CellStyle>;

/** Per column: the style of a number in it (its format), or none. */
function numberStyles(columns: readonly ColumnLayout[]): readonly CellStyle[] {
  return columns.map((c) => (c.numFmt === undefined ? NO_STYLE : numberFormatStyle(c.numFmt)));
}
const INVOICE_STYLES = numberStyles(INVOICE_COLUMNS);
const PROBLEM_STYLES = numberStyles(PROBLEM_COLUMNS);

/** The next `width` values of a pack: one row. */
function nextRow(cells: PackedReader, width: number): TableValue[] {
  const values = new Array<TableValue>(width);
  for (let i = 0; i < width; i += 1) values[i] = cells.next();
  return values;
}

/** The style of each cell of a table row: numbers formatted, text plain, one coloured (1-based) column. */
function cellStyles(numbers: readonly CellStyle[], values: readonly TableValue[], colouredColumn: number, coloured: CellStyle): CellStyle[] {
  return numbers.map((style, i) => (i + 1 === colouredColumn ? coloured : typeof values[i] === 'number' ? style : NO_STYLE));
}

function paintStatus(cell: ExcelJS.Cell, status: InvoiceStatus): void {
  const style = STATUS_STYLES[status];
  cell.fill = style.fill;
  cell.font = style.font;
}

/**
 * The streaming writer lists sheets in the order they were added, and `Resumen` can only be
 * written last (it needs the counts) without holding a sheet in memory. Its tab is moved first
 * by reordering the writer's sheet list before the workbook part is written (exceljs 4.4.0 keeps
 * each sheet's own id and file name, so only the order changes). If the internals differ, the
 * order stays as written: Comprobantes, Errores, Resumen.
 */
function putFirst(workbook: ExcelJS.stream.xlsx.WorkbookWriter, sheet: Worksheet): void {
  const sheets = workbookWriterSheets(workbook);
  if (sheets === undefined || !sheets.list.includes(sheet)) return;
  const ordered = [sheet, ...sheets.list.filter((s) => s !== undefined && s !== null && s !== sheet)];
  // Index 0 stays a hole, as the writer leaves it (its loops skip holes, not `undefined`).
  const reordered: unknown[] = [];
  ordered.forEach((s, i) => (reordered[i + 1] = s));
  sheets.set(reordered);
}

function writeSummarySheet(sheet: Worksheet, summary: RunCounts, run: RunInfo, lang: Lang, timeZone: string, secrets: readonly string[]): void {
  const text = (v: string): CellValue => toCellValue(redactText(v, secrets));
  sheet.columns = [{ width: 34 }, { width: 48 }, { width: 16 }, { width: 16 }, { width: 16 }];
  const add = (values: readonly CellValue[], style?: (row: ExcelJS.Row) => void): void => {
    const row = sheet.addRow([...values]);
    style?.(row);
    row.commit();
  };
  const bold = (row: ExcelJS.Row): void => {
    row.getCell(1).font = { bold: true };
  };
  const tableHeader = (row: ExcelJS.Row): void => {
    row.eachCell((cell) => {
      cell.font = HEADER_STYLE.font;
      cell.fill = HEADER_STYLE.fill;
    });
  };
  const yesNo = (b: boolean): string => (b ? localized('Sí', 'Yes')[lang] : localized('No', 'No')[lang]);

  add([localized('Resultados de la importación de facturas', 'Invoice import results')[lang]], (row) => {
    row.getCell(1).font = TITLE_FONT;
  });
  add([]);
  const groups = run.problemGroups ?? [];
  if (groups.length > 0) {
    // A systematic error reads once here, with its count; the Errores sheet has every row.
    add([localized('Problemas por tipo y columna', 'Problems by kind and column')[lang]], bold);
    add(
      [
        localized('Columna', 'Column')[lang],
        localized('Ejemplo', 'Example')[lang],
        localized('Facturas', 'Invoices')[lang],
        localized('Primeras filas', 'First rows')[lang],
        localized('Tipo', 'Kind')[lang],
      ],
      tableHeader,
    );
    for (const g of groups.slice(0, SUMMARY_GROUPS)) {
      const column = g.column === undefined ? '' : `${g.column}${g.letter !== undefined ? ` (${g.letter})` : ''}`;
      add(
        [
          text(column),
          text(g.example),
          // A note about the sheet, or rows of no invoice: no invoice to count.
          g.invoices > 0 ? g.invoices : null,
          g.rows.join(', '),
          g.severity === 'error' ? localized('Error', 'Error')[lang] : localized('Advertencia', 'Warning')[lang],
        ],
        (row) => {
          row.getCell(2).alignment = { wrapText: true, vertical: 'top' };
        },
      );
    }
    if (groups.length > SUMMARY_GROUPS)
      add([
        localized(`… y ${groups.length - SUMMARY_GROUPS} tipos más (hoja Errores)`, `… and ${groups.length - SUMMARY_GROUPS} more kinds (Errores sheet)`)[lang],
      ]);
    add([]);
  }
  add([localized('Archivo de entrada', 'Input file')[lang], text(run.inputPath)], bold);
  add([localized('Suma de verificación (SHA-256)', 'Checksum (SHA-256)')[lang], run.inputSha256 ?? null], bold);
  const forWorkspace = run.wording === 'workspace';
  if (!forWorkspace) add([localized('Comando', 'Command')[lang], text(run.command)], bold);
  add(
    [
      localized('Modo', 'Mode')[lang],
      run.dryRun ? localized('Prueba (no se envió nada)', 'Dry run (nothing sent)')[lang] : localized('Envío', 'Submission')[lang],
    ],
    bold,
  );
  add([localized('Inicio', 'Started')[lang], wallClock(run.startedAt, timeZone)], (row) => {
    bold(row);
    row.getCell(2).numFmt = DATE_TIME;
    row.getCell(2).alignment = { horizontal: 'left' };
  });
  add([localized('Fin', 'Finished')[lang], wallClock(run.finishedAt, timeZone)], (row) => {
    bold(row);
    row.getCell(2).numFmt = DATE_TIME;
    row.getCell(2).alignment = { horizontal: 'left' };
  });
  add([localized('Duración (s)', 'Duration (s)')[lang], (run.finishedAt.getTime() - run.startedAt.getTime()) / 1000], (row) => {
    bold(row);
    row.getCell(2).numFmt = '0.0';
    row.getCell(2).alignment = { horizontal: 'left' };
  });
  add([localized('Zona horaria', 'Time zone')[lang], timeZone], bold);
  add([localized('Emisor configurado', 'Issuer configured')[lang], run.issuerConfigured === undefined ? null : yesNo(run.issuerConfigured)], bold);
  if (!forWorkspace) add([localized('Diario', 'Journal')[lang], run.journalPath === undefined ? null : text(run.journalPath)], bold);
  add([localized('Archivo para corregir', 'File to fix')[lang], run.fixAndResendPath === undefined ? null : text(run.fixAndResendPath)], bold);
  if (run.interrupted === true) add([localized('Interrumpido', 'Interrupted')[lang], yesNo(true)], bold);

  add([]);
  add([localized('Estado', 'Status')[lang], localized('Comprobantes', 'Invoices')[lang]], tableHeader);
  for (const status of INVOICE_STATUSES) {
    const count = summary.byStatus[status];
    if (count === 0) continue;
    add([STATUS_LABELS[status][lang], count], (row) => paintStatus(row.getCell(1), status));
  }
  add([localized('Total', 'Total')[lang], summary.invoices], (row) => {
    row.getCell(1).font = { bold: true };
    row.getCell(2).font = { bold: true };
  });
  add([localized('Comprobantes con advertencias', 'Invoices with warnings')[lang], summary.withWarnings]);

  add([]);
  add(
    [
      run.dryRun
        ? localized('Importes de los comprobantes válidos', 'Amounts of valid invoices')[lang]
        : localized(
            'Importes de los comprobantes aceptados (incluidos los omitidos por estar aceptados en ejecuciones anteriores)',
            'Amounts of accepted invoices (including those skipped as accepted in earlier runs)',
          )[lang],
    ],
    bold,
  );
  add(
    [
      localized('Moneda', 'Currency')[lang],
      localized('Comprobantes', 'Invoices')[lang],
      localized('Base', 'Net')[lang],
      'IGV',
      localized('Total', 'Total')[lang],
    ],
    tableHeader,
  );
  for (const tot of summary.totals) {
    add([tot.moneda, tot.invoices, Number(tot.base), Number(tot.igv), Number(tot.total)], (row) => {
      for (const c of [3, 4, 5]) row.getCell(c).numFmt = MONEY;
      row.getCell(2).alignment = { horizontal: 'left' };
    });
  }
  if (summary.totals.length === 0) add([localized('(ninguno)', '(none)')[lang]]);

  const issuers = summary.byIssuer ?? [];
  if (issuers.length > 1) {
    add([]);
    add([localized('Por emisor', 'By issuer')[lang]], bold);
    add(
      [
        localized('RUC emisor', 'Issuer RUC')[lang],
        localized('Comprobantes', 'Invoices')[lang],
        localized('Aceptados o válidos', 'Accepted or valid')[lang],
        localized('Con problemas', 'With problems')[lang],
        localized('Moneda', 'Currency')[lang],
        localized('Base', 'Net')[lang],
        'IGV',
        localized('Total', 'Total')[lang],
      ],
      tableHeader,
    );
    for (const issuer of issuers) {
      const { fine, troubled } = issuerStanding(issuer);
      const amounts = issuer.totals.length === 0 ? [undefined] : issuer.totals;
      for (const tot of amounts) {
        add(
          [
            issuer.ruc,
            issuer.invoices,
            fine,
            troubled,
            tot?.moneda ?? null,
            tot ? Number(tot.base) : null,
            tot ? Number(tot.igv) : null,
            tot ? Number(tot.total) : null,
          ],
          (row) => {
            for (const c of [6, 7, 8]) row.getCell(c).numFmt = MONEY;
            row.getCell(2).alignment = { horizontal: 'left' };
          },
        );
      }
    }
  }
}
