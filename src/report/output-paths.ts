import { basename, dirname, extname, join, resolve } from 'node:path';
import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';

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

/**
 * Default paths beside the input: `ventas.xlsx` → `ventas.resultados.xlsx`, `ventas.corregir.xlsx`,
 * `ventas.journal.jsonl` (and `ventas.corregir.xlsx` → `ventas.journal.jsonl` too). `--out` (and the other overrides) replace one path each; the file to fix
 * goes beside the results workbook wherever `--out` puts it (DESIGN: "alongside it"), so a run
 * pointed at another folder writes nothing beside the sheet but its journal, which stays with the
 * sheet so that any rerun of it finds it. No output may be the input itself, nor two outputs the
 * same file: that is a usage error, before anything runs.
 */
export function outputPaths(inputPath: string, overrides: OutputPathOverrides = {}): OutputPaths {
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
  const seen = new Map<string, string>();
  for (const [role, path] of Object.entries(paths) as [keyof OutputPaths, string][]) {
    const key = samePathKey(path);
    if (key === input) {
      throw new FacturaError(
        'USAGE',
        localized(
          `El archivo de salida ${path} es el mismo archivo de entrada: elija otro con --out para no sobrescribir su hoja.`,
          `The output file ${path} is the input file itself: choose another with --out so your sheet is not overwritten.`,
        ),
      );
    }
    const other = seen.get(key);
    if (other !== undefined) {
      throw new FacturaError(
        'USAGE',
        localized(`Dos archivos de salida (${other} y ${role}) apuntan a ${path}.`, `Two output files (${other} and ${role}) point at ${path}.`),
      );
    }
    seen.set(key, role);
  }
  return paths;
}

// Windows and macOS file systems usually ignore case: treat `Ventas.xlsx` and `ventas.xlsx` as one.
function samePathKey(path: string): string {
  const full = resolve(path);
  return process.platform === 'linux' ? full : full.toLowerCase();
}
