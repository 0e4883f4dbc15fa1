import { copyFile, mkdir, readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limaToday } from '../../src/invoice/lima-today.js';
import { PROJECT_ROOT, runCli, type CliRun } from '../helpers/cli-process.js';
import { tempDir } from '../helpers/temp-dir.js';
import { BAD_CORPUS_REFUSALS } from './bad-corpus-refusals.js';
import { LYING_SHEET_DECLARED_BYTES, writeBigBadFiles, type BigBadFiles } from './make-bad-corpus.js';
import { readResultsWorkbook } from './results-workbook-reader.js';

/**
 * `factura-import validate` on every file of the hostile corpus, as a real child process. Each
 * file is copied into a folder of its own, so the outputs found beside it are this run's.
 */
const STACK_LINE = /^\s+at .+\(?.+:\d+:\d+\)?$/m;

function expectOneCleanMessage(run: CliRun, ...pieces: string[]): void {
  expect(run.stderr.match(/factura-import:/g) ?? []).toHaveLength(1);
  for (const piece of pieces) expect(run.stderr).toContain(piece);
  expect(run.stderr).not.toMatch(STACK_LINE);
  expect(run.stderr).not.toMatch(/\b(FacturaError|TypeError|RangeError|Error:)/);
}

describe('validate on the hostile corpus, as a child process', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  let big: BigBadFiles;
  let n = 0;
  beforeAll(async () => {
    dir = await tempDir('factura-cli-bad-');
    await mkdir(join(dir.path, 'big'));
    big = await writeBigBadFiles(join(dir.path, 'big'), { today: limaToday(Date.now()) });
  }, 60_000);
  afterAll(async () => {
    await dir.cleanup();
  });

  /** Copies the file into a fresh folder and validates it there; returns the run and the folder's other files. */
  async function validate(source: string, extra: string[] = [], env: Record<string, string> = {}): Promise<{ run: CliRun; input: string; outputs: string[] }> {
    const folder = join(dir.path, `case-${n++}`);
    await mkdir(folder);
    const input = join(folder, basename(source));
    await copyFile(source, input);
    const run = await runCli(['validate', input, ...extra], { timeoutMs: 90_000, env });
    const outputs = (await readdir(folder)).filter((f) => f !== basename(source));
    return { run, input, outputs };
  }

  it.each(BAD_CORPUS_REFUSALS)(
    'refuses $file: exit 2, one message naming the file, no stack, no results file',
    async ({ file, says }) => {
      const { run, input, outputs } = await validate(join(PROJECT_ROOT, 'fixtures/bad', file));
      expect(run.code).toBe(2);
      expectOneCleanMessage(run, input, says);
      expect(outputs).toEqual([]);
    },
    90_000,
  );

  it('refuses a file that does not exist and a folder, naming them', async () => {
    const missing = join(dir.path, 'no-such', 'ventas.csv');
    const a = await runCli(['validate', missing], { timeoutMs: 60_000 });
    expect(a.code).toBe(2);
    expectOneCleanMessage(a, `No se encontró el archivo ${missing}.`);
    const b = await runCli(['validate', join(dir.path, 'big')], { timeoutMs: 60_000 });
    expect(b.code).toBe(2);
    expectOneCleanMessage(b, `${join(dir.path, 'big')} es una carpeta, no un archivo`);
  }, 90_000);

  it('shows the stack trace of a refusal only with --debug', async () => {
    const { run } = await validate(join(PROJECT_ROOT, 'fixtures/bad/truncated.xlsx'), ['--debug']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('está incompleto');
    expect(run.stderr).toMatch(STACK_LINE);
  }, 90_000);

  // validate reads, checks and writes results for 49,998 invoices before the broken row: measured
  // >90 s on the shared 2-core machine (load 17), so the CLI run is in `npm run test:soak` only;
  // npm test checks the same refusal at the reader (bad-corpus-pipeline.test.ts, ~3 s).
  it.runIf(process.env.SOAK === 'full')(
    'refuses the CSV whose quote opened at row 50,000 never closes, naming the row, with no results file',
    async () => {
      const { run, input, outputs } = await validate(big.unclosedQuoteAt50000);
      expect(run.code).toBe(2);
      expectOneCleanMessage(run, input, 'sin cerrar que empieza en la fila 50000');
      expect(outputs.filter((f) => f.endsWith('.resultados.xlsx'))).toEqual([]);
    },
    300_000,
  );

  it('reads a file mixing line endings: exit 0, every invoice VÁLIDO', async () => {
    const { run, input } = await validate(join(PROJECT_ROOT, 'fixtures/bad/mixed-endings.csv'));
    expect(run.code).toBe(0);
    const results = await readResultsWorkbook(input.replace(/\.csv$/, '.resultados.xlsx'));
    expect(results.invoices.map((i) => i.estado)).toEqual(['VÁLIDO', 'VÁLIDO', 'VÁLIDO']);
  }, 90_000);

  it('reports a formula-only sheet row by row: exit 1, no invoice claimed valid', async () => {
    const { run, input } = await validate(join(PROJECT_ROOT, 'fixtures/bad/formula-only.xlsx'));
    expect(run.code).toBe(1);
    const results = await readResultsWorkbook(input.replace(/\.xlsx$/, '.resultados.xlsx'));
    expect(results.invoices).toEqual([]);
    expect(results.problemCodes).toContain('FORMULA_WITHOUT_RESULT');
  }, 90_000);

  // Was a regression (see bad-corpus-pipeline.test.ts): the row of NULs joined the invoice above.
  it('reports the row of NUL bytes as an orphan row: exit 1', async () => {
    const { run, input } = await validate(join(PROJECT_ROOT, 'fixtures/bad/nul-bytes.csv'));
    expect(run.code).toBe(1);
    const results = await readResultsWorkbook(input.replace(/\.csv$/, '.resultados.xlsx'));
    expect(results.problemCodes).toContain('INCOMPLETE_INVOICE_KEY');
    expect(results.invoices.map((i) => i.filas)).toEqual(['2', '4']);
  }, 90_000);

  it('refuses only the invoice with a 1 MB description: exit 1, one INVÁLIDO, one VÁLIDO', async () => {
    const { run, input } = await validate(big.oneMegabyteCell);
    expect(run.code).toBe(1);
    const results = await readResultsWorkbook(input.replace(/\.csv$/, '.resultados.xlsx'));
    expect(results.invoices.map((i) => i.estado)).toEqual(['INVÁLIDO', 'VÁLIDO']);
    expect(results.problemCodes).toContain('DESCRIPTION_TOO_LONG');
  }, 60_000);

  it('reads 5,000 columns: exit 0', async () => {
    const { run, input } = await validate(big.fiveThousandColumns);
    expect(run.code).toBe(0);
    const results = await readResultsWorkbook(input.replace(/\.csv$/, '.resultados.xlsx'));
    expect(results.invoices.map((i) => i.estado)).toEqual(['VÁLIDO', 'VÁLIDO']);
  }, 60_000);

  it('reads an invoice of 10,000 lines as one VÁLIDO invoice over rows 2-10001', async () => {
    const { run, input } = await validate(big.tenThousandLines);
    expect(run.code).toBe(0);
    const results = await readResultsWorkbook(input.replace(/\.csv$/, '.resultados.xlsx'));
    expect(results.invoices).toHaveLength(1);
    expect(results.invoices[0]).toMatchObject({ estado: 'VÁLIDO' });
    expect(results.invoices[0]?.filas).toMatch(/^2\D+10001$/);
  }, 90_000);

  // Was a defect: the XLSX reader cached shared strings without a limit; the CLI died of heap
  // exhaustion (here capped at 160 MB) instead of refusing the file.
  it('refuses the shared-strings zip bomb with one clear message and bounded memory', async () => {
    const { run, input, outputs } = await validate(big.sharedStringsBomb, [], { NODE_OPTIONS: '--max-old-space-size=160' });
    expect(run.stderr).not.toContain('heap out of memory');
    expect(run.code).toBe(2);
    expectOneCleanMessage(run, input, 'su parte xl/sharedStrings.xml (los textos de las celdas) se expandiría a 1,023.9 MB, más que el límite de 100 MB');
    expect(outputs).toEqual([]);
  }, 90_000);

  // Was a defect: exceljs copied the sheet of this file, whose directory declares 1 MB for it, whole to
  // the temporary folder (1 GB for a 3 MB file) before it was refused. The child reports the bytes it
  // wrote as it exits (test/helpers/report-bytes-written.ts).
  it('refuses the XLSX whose directory under-declares its sheet, writing no more than the declared size to the temporary folder', async () => {
    const tmp = join(dir.path, 'tmp-lying-sheet');
    await mkdir(tmp);
    const report = join(dir.path, 'lying-sheet-bytes-written');
    const { run, input, outputs } = await validate(big.lyingSheetBomb, [], {
      TMPDIR: tmp,
      NODE_OPTIONS: '--import tsx --import ./test/helpers/report-bytes-written.ts',
      FACTURA_TEST_BYTES_WRITTEN: report,
    });
    expect(run.code).toBe(2);
    expectOneCleanMessage(run, input, 'su parte xl/worksheets/sheet1.xml se expande a más de los 1 MB que declara el índice del archivo');
    expect(outputs).toEqual([]);
    expect(Number(await readFile(report, 'utf8'))).toBeLessThan(4 * LYING_SHEET_DECLARED_BYTES);
    // Nothing left behind in the temporary folder either (but the cache of tsx, which loads the report).
    expect((await readdir(tmp)).filter((name) => !name.startsWith('tsx-'))).toEqual([]);
  }, 90_000);
});
