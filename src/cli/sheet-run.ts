import { resolve } from 'node:path';
import type { ConfigFile } from '../config/config-file.js';
import { loadConfigFile } from '../config/config-file.js';
import type { ResolvedSettings } from '../config/resolve-settings.js';
import { resolveSettings } from '../config/resolve-settings.js';
import { EXIT_OK, EXIT_SOME_FAILED } from '../factura-error.js';
import type { InvoiceStatus } from '../invoice/invoice-status.js';
import type { OutputPaths } from '../report/output-paths.js';
import { outputPaths } from '../report/output-paths.js';
import { formatSummary, summaryToJson } from '../report/run-summary.js';
import type { ImportRun, ImportResult, ShownProblem } from '../run-import.js';
import { runImport } from '../run-import.js';
import { loadMappingFile } from '../sheet/load-mapping-file.js';
import type { CliContext } from './cli-context.js';
import { createProgressReporter } from './progress-reporter.js';
import type { SheetArgs } from './sheet-options.js';

/** What `validate` and `submit` resolve before reading: settings and where the outputs go. */
export interface SheetRunSetup {
  readonly input: string;
  readonly settings: ResolvedSettings;
  readonly paths: OutputPaths;
}

export async function prepareSheetRun(
  args: SheetArgs & { journal?: string | undefined; concurrency?: number | undefined; maxAttempts?: number | undefined },
  ctx: CliContext,
): Promise<SheetRunSetup> {
  const input = resolve(ctx.io.cwd, args.file);
  const config: ConfigFile | undefined = ctx.args.config === undefined ? undefined : await loadConfigFile(resolve(ctx.io.cwd, ctx.args.config));
  const mapping = args.map === undefined ? undefined : await loadMappingFile(resolve(ctx.io.cwd, args.map));
  const settings = resolveSettings({ ...args, lang: ctx.args.lang }, config, mapping);
  const paths = outputPaths(input, {
    ...(args.out !== undefined ? { out: resolve(ctx.io.cwd, args.out) } : {}),
    ...(args.journal !== undefined ? { journal: resolve(ctx.io.cwd, args.journal) } : {}),
  });
  return { input, settings, paths };
}

/** Runs the import of a prepared sheet with progress on stderr: what `validate` and `submit` share. */
export async function runSheetImport(
  ctx: CliContext,
  setup: SheetRunSetup,
  run: Pick<ImportRun, 'command'> & Partial<Pick<ImportRun, 'emisor' | 'submission' | 'secrets'>>,
): Promise<ImportResult> {
  const progress = createProgressReporter({ stream: ctx.io.stderr, lang: ctx.args.lang, quiet: ctx.args.quiet, logger: ctx.logger });
  try {
    return await runImport({
      ...run,
      input: setup.input,
      settings: setup.settings,
      paths: setup.paths,
      logger: ctx.logger,
      clock: Date.now,
      ...(ctx.io.signal !== undefined ? { signal: ctx.io.signal } : {}),
      onOutcome: (o) => progress.tick(o.status),
      lang: ctx.args.lang,
    });
  } finally {
    progress.stop();
  }
}

const FINE: readonly InvoiceStatus[] = ['VALID', 'ACCEPTED', 'SKIPPED'];

/** DESIGN.md's exit codes for a finished run. */
export function exitCodeOf(result: ImportResult): number {
  if (result.interrupted) return 130;
  const troubled = Object.entries(result.summary.byStatus).some(([status, n]) => n > 0 && !FINE.includes(status as InvoiceStatus));
  return troubled || result.orphanRows > 0 ? EXIT_SOME_FAILED : EXIT_OK;
}

/** One problem as a terminal line: «Fila 4, C «fechaEmision»: …». */
export function formatShownProblem(p: ShownProblem, lang: 'es' | 'en'): string {
  const where = [
    p.row !== undefined ? `${lang === 'es' ? 'Fila' : 'Row'} ${p.row}` : undefined,
    p.column !== undefined ? `${p.letter !== undefined ? `${p.letter} ` : ''}«${p.column}»` : undefined,
  ]
    .filter((w) => w !== undefined)
    .join(', ');
  const mark = p.severity === 'error' ? '✗' : '!';
  return `  ${mark} ${where === '' ? '' : `${where}: `}${p.message}`;
}

/** Prints the run's summary (text or `--json`) on stdout and returns the exit code. */
export function finishSheetRun(result: ImportResult, ctx: CliContext, json: boolean, notes: readonly string[]): number {
  const lang = ctx.args.lang;
  if (json) {
    ctx.print(
      JSON.stringify({
        ...summaryToJson(result.summary, result.written),
        orphanRows: result.orphanRows,
        interrupted: result.interrupted,
        notes,
        firstProblems: result.firstProblems,
        exitCode: exitCodeOf(result),
      }),
    );
  } else {
    ctx.io.stdout.write(formatSummary(result.summary, lang, result.written));
    if (result.orphanRows > 0) {
      ctx.print(
        lang === 'es'
          ? `Filas que no pertenecen a ningún comprobante: ${result.orphanRows} (ver hoja Errores).`
          : `Rows that belong to no invoice: ${result.orphanRows} (see the Errores sheet).`,
      );
    }
    if (result.firstProblems.length > 0) {
      ctx.print('');
      ctx.print(
        lang === 'es'
          ? `Problemas (los primeros ${result.firstProblems.length}; el detalle completo está en el libro de resultados):`
          : `Problems (the first ${result.firstProblems.length}; the results workbook has them all):`,
      );
      for (const p of result.firstProblems) ctx.print(formatShownProblem(p, lang));
    }
    for (const n of notes) ctx.print(n);
  }
  return exitCodeOf(result);
}
