/**
 * INTERIM, deleted when the library's `validateSheet` (issue 14, API-PLAN.md) lands on main: the
 * same signature and events built from today's runImport, so the workspace is written against the
 * final names. The row events come from a first pass here; the real API emits them from its own.
 */
import { resolveSettings } from '../config/resolve-settings.js';
import type { LocalizedText } from '../i18n/localized-text.js';
import type { InvoiceOutcome } from '../invoice/invoice-outcome.js';
import type { Problem } from '../invoice/problem.js';
import { silentLogger } from '../logger.js';
import { columnLocatorFromHeaderMap } from '../report/column-locator.js';
import { outputPaths } from '../report/output-paths.js';
import type { RunSummary as Totals } from '../report/run-summary.js';
import { runImport } from '../run-import.js';
import { cellDisplayText } from '../sheet/cell-display-text.js';
import type { ColumnMapping } from '../sheet/column-mapping.js';
import type { HeaderMap } from '../sheet/header-map.js';
import { openRowSource } from '../sheet/open-row-source.js';
import { readLineRecords } from '../sheet/read-line-records.js';

export type LocatedProblem = Problem & { readonly header?: string; readonly letter?: string };

export type ImportEvent =
  | { type: 'sheet'; file: string; format: 'csv' | 'xlsx'; sheet?: string; header: HeaderMap; notes: Problem[] }
  | { type: 'row'; row: number; cells: readonly (string | null)[] }
  | { type: 'progress'; rowsRead: number; invoices: number }
  | { type: 'invoice'; outcome: InvoiceOutcome }
  | { type: 'problem'; problem: LocatedProblem }
  | { type: 'results'; written: { results: string; fixAndResend?: string; journal?: string } };

export interface ValidateOptions {
  mapping?: Record<string, string>;
  lang?: 'es' | 'en';
  out?: string;
  fixAndResendOut?: string;
  signal?: AbortSignal;
  onEvent?: (e: ImportEvent) => void;
}

export type RunSummary = Totals & { readonly written: { results: string; fixAndResend?: string } };

export async function validateSheet(path: string, options: ValidateOptions = {}): Promise<RunSummary> {
  const emit = options.onEvent ?? ((): void => undefined);
  const lang = options.lang ?? 'es';
  const mapping = options.mapping as ColumnMapping | undefined;
  const settings = resolveSettings({ lang }, undefined, mapping);
  const source = await openRowSource(path, settings.read);
  const sheet = await readLineRecords(source, settings.read);
  emit({ type: 'sheet', file: path, format: source.format, ...(source.sheet !== undefined ? { sheet: source.sheet } : {}), header: sheet.header, notes: [...sheet.notes] });
  const locate = columnLocatorFromHeaderMap(sheet.header, source.format);
  const located = (p: Problem): LocatedProblem => {
    const at = p.column === undefined ? undefined : locate(p.column);
    return { ...p, ...(at !== undefined ? { header: at.header, ...(at.letter !== undefined ? { letter: at.letter } : {}) } : {}) };
  };
  for (const note of sheet.notes) emit({ type: 'problem', problem: located(note) });
  let rowsRead = 0;
  const again = await openRowSource(path, settings.read);
  for await (const r of again.rows) {
    if (r.row <= sheet.header.row) continue;
    if (r.cells.every((c) => c === null || (c.kind === 'text' && c.text.trim() === ''))) continue;
    rowsRead += 1;
    emit({ type: 'row', row: r.row, cells: r.cells.map((c) => (c === null ? null : cellDisplayText(c))) });
    if (rowsRead % 5000 === 0) emit({ type: 'progress', rowsRead, invoices: 0 });
  }
  let invoices = 0;
  const paths = outputPaths(path, {
    ...(options.out !== undefined ? { out: options.out } : {}),
    ...(options.fixAndResendOut !== undefined ? { fixAndResend: options.fixAndResendOut } : {}),
  });
  const result = await runImport({
    command: 'validate',
    input: path,
    settings,
    paths,
    logger: silentLogger(),
    clock: Date.now,
    ...(options.signal !== undefined ? { signal: options.signal } : {}),
    onOutcome: (outcome) => {
      invoices += 1;
      emit({ type: 'invoice', outcome });
      for (const p of outcome.problems) emit({ type: 'problem', problem: located(p) });
      if (invoices % 2000 === 0) emit({ type: 'progress', rowsRead, invoices });
    },
    lang,
  });
  emit({ type: 'progress', rowsRead, invoices });
  emit({ type: 'results', written: result.written });
  return { ...result.summary, written: result.written };
}

export type { LocalizedText };
