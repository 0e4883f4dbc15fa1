import { localized } from '../i18n/localized-text.js';
import { shownCount } from '../i18n/shown-count.js';
import { resolve } from 'node:path';
import type { ImportEvent, RunSummary, ShownProblem, ShownProblemGroup, ValidateOptions } from '../index.js';
import { STATUS_LABELS, formatSummary, loadConfigFile, loadMappingFile } from '../index.js';
import type { CliContext } from './cli-context.js';
import { CLI_VALUE_NAMES } from './cli-value-names.js';
import { createProgressReporter } from './progress-reporter.js';
import type { ReadArgs, SheetArgs } from './sheet-options.js';

/** The reading flags as the library's options (read-options of every command that reads a sheet); `--map`'s file is read here. */
export async function readRunOptions(args: ReadArgs, ctx: CliContext): Promise<ValidateOptions> {
  const mapping = args.map === undefined ? undefined : await loadMappingFile(resolve(ctx.io.cwd, args.map));
  return {
    ...(mapping !== undefined ? { mapping } : {}),
    ...(args.sheet !== undefined ? { sheet: args.sheet } : {}),
    ...(args.encoding !== undefined ? { encoding: args.encoding } : {}),
    ...(args.delimiter !== undefined ? { delimiter: args.delimiter } : {}),
    ...(args.decimalComma !== undefined ? { decimalComma: args.decimalComma } : {}),
    ...(args.fechas !== undefined ? { dateOrder: args.fechas === 'MM/DD' ? ('month-first' as const) : ('day-first' as const) } : {}),
    mergeSplit: args.mergeSplit,
    ...(args.incluirOcultas !== undefined ? { includeHidden: args.incluirOcultas } : {}),
    ...(args.tipoRegistro !== undefined ? { tipoRegistro: args.tipoRegistro } : {}),
    // The messages say what to do with this command line's flags (--encoding, --map…).
    wording: 'command-line',
  };
}

/** The flags of `validate` and `submit` as the library's options: files named by flags are read here. */
export async function sheetRunOptions(
  args: SheetArgs,
  ctx: CliContext,
): Promise<Omit<ValidateOptions, 'journal' | 'journalService' | 'journalIssuer'> & { readonly input: string }> {
  const at = (p: string): string => resolve(ctx.io.cwd, p);
  const config = ctx.args.config === undefined ? undefined : await loadConfigFile(at(ctx.args.config));
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
    ...(await readRunOptions(args, ctx)),
    emisor,
    ...(args.issuer !== undefined ? { onlyIssuer: args.issuer } : {}),
    ...(args.out !== undefined ? { out: at(args.out) } : {}),
    ...(ctx.io.signal !== undefined ? { signal: ctx.io.signal } : {}),
    logger: ctx.logger,
    valueNames: CLI_VALUE_NAMES,
    // The terminal shows invoices and notices: no text of every cell of every row, no event per
    // problem (the summary groups them).
    rowEvents: false,
    problemEvents: false,
  };
}

/** Runs `run` with the terminal's progress bar fed by the library's events. */
export async function withProgress(ctx: CliContext, run: (onEvent: (e: ImportEvent) => void) => Promise<RunSummary>): Promise<RunSummary> {
  // The bar starts once the sheet is open: nothing shows for a run refused before it reads.
  let progress: ReturnType<typeof createProgressReporter> | undefined;
  try {
    return await run((e) => {
      if (e.type === 'notice') {
        // Said on a line of its own, under the bar as it stood (a check that starts over says so between its two runs).
        progress?.stop();
        progress = undefined;
        ctx.io.stderr.write(`factura-import: ${e.message[ctx.args.lang]}\n`);
      } else if (e.type === 'sheet') {
        // A check that starts over (an invoice whose rows come back further down) counts from zero.
        progress?.stop();
        progress = createProgressReporter({ stream: ctx.io.stderr, lang: ctx.args.lang, quiet: ctx.args.quiet, logger: ctx.logger });
      } else if (e.type === 'invoice') progress?.tick(e.outcome.status, e.outcome);
      else if (e.type === 'retry-wait') progress?.wait(e);
    });
  } finally {
    progress?.stop();
  }
}

/** One problem as a terminal line: «Fila 4, C «fechaEmision»: …». */
function formatShownProblem(p: ShownProblem, lang: 'es' | 'en'): string {
  const where = [
    p.row !== undefined ? `${localized('Fila', 'Row')[lang]} ${p.row}` : undefined,
    p.column !== undefined ? `${p.letter !== undefined ? `${p.letter} ` : ''}«${p.column}»` : undefined,
  ]
    .filter((w) => w !== undefined)
    .join(', ');
  const mark = p.severity === 'error' ? '✗' : '!';
  // A note about the sheet as a whole is said to be so, as the web workspace does.
  return `  ${mark} ${where === '' ? localized('La hoja', 'The sheet')[lang] : where}: ${p.message}`;
}

/** Kinds of repeated problem shown on the terminal; the results workbook has them all. */
const SHOWN_GROUPS = 8;
/** Problems said once shown on the terminal, after the repeated ones. */
const SHOWN_SINGLES = 10;

/** A repeated problem as one terminal line: «✗ N «RUC cliente»: 37 facturas, filas 12, 18, 25… — El RUC …». */
function formatProblemGroup(g: ShownProblemGroup, lang: 'es' | 'en'): string {
  const mark = g.severity === 'error' ? '✗' : '!';
  const where = g.column !== undefined ? `${g.letter !== undefined ? `${g.letter} ` : ''}«${g.column}»: ` : '';
  const one = g.invoices === 1;
  const times = g.occurrences > g.invoices;
  // Rows of no invoice (and notes about the sheet) count times only: no «0 facturas».
  const invoices = shownCount(g.invoices, lang);
  const occurrences = shownCount(g.occurrences, lang);
  const count = (
    g.invoices === 0
      ? localized(`${occurrences} veces`, `${occurrences} times`)
      : localized(
          `${invoices} ${one ? 'factura' : 'facturas'}${times ? ` (${occurrences} veces)` : ''}`,
          `${invoices} ${one ? 'invoice' : 'invoices'}${times ? ` (${occurrences} times)` : ''}`,
        )
  )[lang];
  const rows = g.rows.length === 0 ? '' : `, ${localized('filas', 'rows')[lang]} ${g.rows.join(', ')}${g.occurrences > g.rows.length ? '…' : ''}`;
  const example = localized(`p. ej. ${g.example}`, `e.g. ${g.example}`)[lang];
  return `  ${mark} ${where}${count}${rows} — ${example}`;
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
      localized(
        `Filas que no pertenecen a ningún comprobante: ${shownCount(summary.orphanRows, lang)} (ver hoja Errores).`,
        `Rows that belong to no invoice: ${shownCount(summary.orphanRows, lang)} (see the Errores sheet).`,
      )[lang],
    );
  }
  // A systematic error reads once, with its count; single problems keep their own line below.
  const repeated = summary.problemGroups.filter((g) => g.occurrences > 1);
  if (repeated.length > 0) {
    ctx.print('');
    ctx.print(localized('Problemas repetidos (por tipo y columna):', 'Repeated problems (by kind and column):')[lang]);
    for (const g of repeated.slice(0, SHOWN_GROUPS)) ctx.print(formatProblemGroup(g, lang));
    if (repeated.length > SHOWN_GROUPS) {
      const more = repeated.length - SHOWN_GROUPS;
      ctx.print(localized(`  … y ${more} tipos más (ver hoja Errores).`, `  … and ${more} more kinds (see the Errores sheet).`)[lang]);
    }
  }
  // The problems said once, notes about the sheet included (a CSV read as Windows-1252, title
  // rows left out…), as the web workspace lists them and the results workbook has them.
  const singles = summary.problemGroups.filter((g) => g.occurrences === 1);
  const firstProblems: readonly ShownProblem[] = singles.slice(0, SHOWN_SINGLES).map((g) => ({
    ...(g.rows[0] !== undefined ? { row: g.rows[0] } : {}),
    ...(g.column !== undefined ? { column: g.column } : {}),
    ...(g.letter !== undefined ? { letter: g.letter } : {}),
    severity: g.severity,
    message: g.example,
  }));
  if (firstProblems.length > 0) {
    ctx.print('');
    const n = firstProblems.length;
    ctx.print(
      (singles.length > n
        ? localized(
            `Problemas (los primeros ${n}; el detalle completo está en el libro de resultados):`,
            `Problems (the first ${n}; the results workbook has them all):`,
          )
        : n === 1
          ? localized('Problema (también en el libro de resultados):', 'Problem (also in the results workbook):')
          : localized(`Problemas (${n}; también en el libro de resultados):`, `Problems (${n}; also in the results workbook):`))[lang],
    );
    for (const p of firstProblems) ctx.print(formatShownProblem(p, lang));
  }
  for (const n of summary.notes) ctx.print(n);
  if (summary.interrupted) {
    ctx.print('');
    ctx.print(
      (summary.paths.journal !== undefined
        ? localized(
            `Interrumpido: lo que no se envió figura como ${STATUS_LABELS.NOT_SENT.es}, y lo que se envió sin que llegara la respuesta como ${STATUS_LABELS.UNKNOWN.es}. Ejecute el mismo comando otra vez: envía lo que falta y confirma lo incierto; lo ya aceptado no se envía dos veces.`,
            `Interrupted: what was not sent is marked ${STATUS_LABELS.NOT_SENT.en}, and what was sent without its answer coming back ${STATUS_LABELS.UNKNOWN.en}. Run the same command again: it sends what is left and confirms what is uncertain; what was accepted is not sent twice.`,
          )
        : localized(
            'Interrumpido: la revisión se detuvo y las filas siguientes no se revisaron. Ejecute el mismo comando otra vez para revisar la hoja completa.',
            'Interrupted: the check stopped and the rows after it were not checked. Run the same command again to check the whole sheet.',
          ))[lang],
    );
  }
  return summary.exitCode;
}
