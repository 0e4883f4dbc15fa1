import { realpathSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';
import type { ValueNames } from '../value-names.js';
import { OPTION_NAMES } from '../value-names.js';

/** What the file to fix adds to the sheet's name: `ventas.xlsx` → `ventas.corregir.xlsx`. */
const FIX_SUFFIX = '.corregir';

/** Where a run writes its files. */
export interface OutputPaths {
  /** The results workbook (`--out`). */
  readonly results: string;
  /** The fix-and-resend workbook, beside the results: always XLSX, so text stays text. */
  readonly fixAndResend: string;
  /** The append-only journal; beside the input so that a rerun of the same sheet finds it. */
  readonly journal: string;
}

export interface OutputPathOverrides {
  readonly out?: string;
  readonly fixAndResend?: string;
  readonly journal?: string;
}

/** Each output in words, with the value that chooses it, as ValueNames calls it (the caller's option or flag). */
const ROLE_NAMES: Readonly<Record<keyof OutputPaths, { readonly es: string; readonly en: string; readonly option: 'out' | 'fixAndResendOut' | 'journal' }>> = {
  results: { es: 'El libro de resultados', en: 'The results workbook', option: 'out' },
  fixAndResend: { es: 'La hoja para corregir y reenviar', en: 'The fix-and-resend workbook', option: 'fixAndResendOut' },
  journal: { es: 'El diario de envíos', en: 'The submission journal', option: 'journal' },
};

/**
 * Default paths beside the input: `ventas.xlsx` → `ventas.resultados.xlsx`, `ventas.corregir.xlsx`,
 * `ventas.journal.jsonl` (and `ventas.corregir.xlsx` → `ventas.journal.jsonl` too). `--out` (and the other overrides) replace one path each; the file to fix
 * goes beside the results workbook wherever `--out` puts it (DESIGN: "alongside it"), so a run
 * pointed at another folder writes nothing beside the sheet but its journal, which stays with the
 * sheet so that any rerun of it finds it. No output may be the input itself, nor two outputs the
 * same file: that is a usage error, before anything runs, naming the value to change as the caller
 * calls it (`names`: the library's options, the command line's flags).
 */
export function outputPaths(
  inputPath: string,
  overrides: OutputPathOverrides = {},
  names: Pick<ValueNames, 'out' | 'fixAndResendOut' | 'journal'> = OPTION_NAMES,
): OutputPaths {
  const dir = dirname(inputPath);
  const name = basename(inputPath, extname(inputPath));
  const results = overrides.out ?? join(dir, `${name}.resultados.xlsx`);
  // The file to fix, sent as it is (`ventas.corregir.xlsx`), holds the sheet's own invoices: it keeps the
  // sheet's journal, which knows what was sent of them. With a journal of its own, an invoice whose answer
  // was lost came back DUPLICADO, and looked like a number someone else had used.
  const sheet = name.endsWith(FIX_SUFFIX) ? name.slice(0, -FIX_SUFFIX.length) : name;
  const paths: OutputPaths = {
    results,
    fixAndResend: overrides.fixAndResend ?? join(dirname(results), `${name}${FIX_SUFFIX}.xlsx`),
    journal: overrides.journal ?? join(dir, `${sheet}.journal.jsonl`),
  };
  const input = samePathKey(inputPath);
  const seen = new Map<string, keyof OutputPaths>();
  for (const [role, path] of Object.entries(paths) as [keyof OutputPaths, string][]) {
    const key = samePathKey(path);
    if (key === input) {
      throw new FacturaError(
        'USAGE',
        localized(
          `${ROLE_NAMES[role].es} (${path}) sería la misma hoja de entrada (${inputPath}): elija otro archivo (${names[ROLE_NAMES[role].option]}) para no sobrescribir su hoja.`,
          `${ROLE_NAMES[role].en} (${path}) would be the input sheet itself (${inputPath}): choose another file (${names[ROLE_NAMES[role].option]}) so your sheet is not overwritten.`,
        ),
      );
    }
    const other = seen.get(key);
    if (other !== undefined) {
      throw new FacturaError(
        'USAGE',
        localized(
          `${ROLE_NAMES[other].es} y ${ROLE_NAMES[role].es.toLowerCase()} serían el mismo archivo (${path}): elija otro para uno de ellos.`,
          `${ROLE_NAMES[other].en} and ${ROLE_NAMES[role].en.toLowerCase()} would be one file (${path}): choose another for one of them.`,
        ),
      );
    }
    seen.set(key, role);
  }
  return paths;
}

/**
 * What makes two paths one file: an existing file is its device and inode (a folder reached through
 * a link, a hard link, another spelling: `out: 'alias/ventas.xlsx'` with `alias` linked to the
 * sheet's folder overwrote the sheet); a file not there yet is its folder's real path and its name.
 */
function samePathKey(path: string): string {
  const full = resolve(path);
  try {
    const { dev, ino } = statSync(full);
    return `file:${dev}:${ino}`;
  } catch {
    // Not there yet (or not readable): the place it would be written.
  }
  let real = full;
  try {
    real = join(realpathSync(dirname(full)), basename(full));
  } catch {
    // A folder that does not exist: the write fails later with its own message.
  }
  // Windows and macOS file systems usually ignore case: treat `Ventas.xlsx` and `ventas.xlsx` as one.
  return process.platform === 'linux' ? real : real.toLowerCase();
}
