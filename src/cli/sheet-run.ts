import { resolve } from 'node:path';
import type { ImportEvent, RunSummary, ShownProblem, ValidateOptions } from '../index.js';
import { formatSummary, loadConfigFile, loadMappingFile } from '../index.js';
import type { CliContext } from './cli-context.js';
import { createProgressReporter } from './progress-reporter.js';
import type { SheetArgs } from './sheet-options.js';

/** The flags of `validate` and `submit` as the library's options: files named by flags are read here. */
export async function sheetRunOptions(args: SheetArgs, ctx: CliContext): Promise<ValidateOptions & { readonly input: string }> {
  const at = (p: string): string => resolve(ctx.io.cwd, p);
  const config = ctx.args.config === undefined ? undefined : await loadConfigFile(at(ctx.args.config));
  const mapping = args.map === undefined ? undefined : await loadMappingFile(at(args.map));
  const emisor = {
    ...(args.emisorRuc !== undefined ? { ruc: args.emisorRuc } : {}),
    ...(args.emisorNombre !== undefined ? { nombreLegal: args.emisorNombre } : {}),
    ...(args.emisorNombreComercial !== undefined ? { nombreComercial: args.emisorNombreComercial } : {}),
    ...(args.emisorCorreo !== undefined ? { correo: args.emisorCorreo } : {}),
  };
  return {
    input: at(args.file),
    lang: ctx.args.lang,
    ...(config !== undefined ? { config } : {}),
    ...(mapping !== undefined ? { mapping } : {}),
    ...(args.sheet !== undefined ? { sheet: args.sheet } : {}),
    ...(args.encoding !== undefined ? { encoding: args.encoding } : {}),
    ...(args.delimiter !== undefined ? { delimiter: args.delimiter } : {}),
    ...(args.decimalComma !== undefined ? { decimalComma: args.decimalComma } : {}),
    mergeSplit: args.mergeSplit,
    emisor,
    ...(args.tipoRegistro !== undefined ? { tipoRegistro: args.tipoRegistro } : {}),
    ...(args.out !== undefined ? { out: at(args.out) } : {}),
    ...(ctx.io.signal !== undefined ? { signal: ctx.io.signal } : {}),
    logger: ctx.logger,
  };
}

/** Runs `run` with the terminal's progress bar fed by the library's events. */
export async function withProgress(ctx: CliContext, run: (onEvent: (e: ImportEvent) => void) => Promise<RunSummary>): Promise<RunSummary> {
  // The bar starts once the sheet is open: nothing shows for a run refused before it reads.
  let progress: ReturnType<typeof createProgressReporter> | undefined;
  try {
    return await run((e) => {
      if (e.type === 'sheet') progress ??= createProgressReporter({ stream: ctx.io.stderr, lang: ctx.args.lang, quiet: ctx.args.quiet, logger: ctx.logger });
      else if (e.type === 'invoice') progress?.tick(e.outcome.status);
    });
  } finally {
    progress?.stop();
  }
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
export function finishSheetRun(summary: RunSummary, ctx: CliContext, json: boolean): number {
  const lang = ctx.args.lang;
  if (json) {
    ctx.print(JSON.stringify(summary));
    return summary.exitCode;
  }
  ctx.io.stdout.write(formatSummary(summary, lang, summary.paths));
  if (summary.orphanRows > 0) {
    ctx.print(
      lang === 'es'
        ? `Filas que no pertenecen a ningún comprobante: ${summary.orphanRows} (ver hoja Errores).`
        : `Rows that belong to no invoice: ${summary.orphanRows} (see the Errores sheet).`,
    );
  }
  if (summary.firstProblems.length > 0) {
    ctx.print('');
    ctx.print(
      lang === 'es'
        ? `Problemas (los primeros ${summary.firstProblems.length}; el detalle completo está en el libro de resultados):`
        : `Problems (the first ${summary.firstProblems.length}; the results workbook has them all):`,
    );
    for (const p of summary.firstProblems) ctx.print(formatShownProblem(p, lang));
  }
  for (const n of summary.notes) ctx.print(n);
  return summary.exitCode;
}
