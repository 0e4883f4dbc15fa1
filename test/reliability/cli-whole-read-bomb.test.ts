import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT, runCli, type CliRun } from '../helpers/cli-process.js';
import { tempDir } from '../helpers/temp-dir.js';
import { zipParts } from '../sheet/readers/zip-parts.js';
import { writeWholeReadWorkbook } from './make-bad-corpus.js';
import { writeZip, type ZipPart } from './zip-writer.js';

const MIB = 1024 * 1024;
/** What the lying part expands to: read into memory whole, the child's peak memory would exceed it. */
const BOMB_BYTES = 384 * MIB;

/** A part declared 0 bytes in the zip's directory that expands to `bytes` (1 MiB pieces of one letter). */
function lyingPart(name: string, bytes: number): ZipPart {
  return { name, repeated: { head: '', body: 'x'.repeat(MIB), times: bytes / MIB, tail: '' }, declaredSize: 0 };
}

const STACK_LINE = /^\s+at .+\(?.+:\d+:\d+\)?$/m;

function expectOneCleanMessage(run: CliRun, message: string): void {
  expect(run.stderr.match(/factura-import:/g) ?? []).toHaveLength(1);
  expect(run.stderr).toContain(message);
  expect(run.stderr).not.toMatch(STACK_LINE);
}

/**
 * The readers that read a workbook whole (SheetJS: an XLSX exceljs's pass keeps missing a part of,
 * an .ods) inflate each part of its zip as far as it goes, sized by what the zip's directory
 * declares: 0 grew without a bound. Their parts are counted against what the directory declares
 * first, and refused past it in the words of the streaming path, whatever the directory claims.
 * `validate` as a real child process, on files written here.
 */
describe('validate on a workbook read whole whose zip directory lies about a part', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  let n = 0;
  beforeAll(async () => {
    dir = await tempDir('factura-whole-read-bomb-');
  });
  afterAll(async () => {
    await dir.cleanup();
  });

  /**
   * A fresh folder for one file, written by `write`, and validate run there. With `measured`, the
   * child reports its peak memory (preloaded through tsx, under which it cannot write its results
   * workbook: only for files it refuses).
   */
  async function validate(
    fileName: string,
    write: (path: string) => Promise<void>,
    measured = false,
  ): Promise<{ run: CliRun; input: string; outputs: string[]; peak: number }> {
    const folder = join(dir.path, `case-${n++}`);
    await mkdir(folder);
    const input = join(folder, fileName);
    await write(input);
    const report = join(dir.path, `peak-rss-${n}`);
    const env = measured ? { NODE_OPTIONS: '--import tsx --import ./test/helpers/report-peak-rss.ts', FACTURA_TEST_PEAK_RSS: report } : {};
    const run = await runCli(['validate', input], { timeoutMs: 90_000, env });
    const outputs = (await readdir(folder)).filter((f) => f !== fileName);
    return { run, input, outputs, peak: measured ? Number(await readFile(report, 'utf8')) : 0 };
  }

  it('reads the same workbook with an honest directory whole: its 3 sales', async () => {
    const { run } = await validate('ventas.xlsx', (path) => writeWholeReadWorkbook(path, { sales: 3 }));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/VÁLIDO\s+3\n/);
  }, 120_000);

  it('refuses a part declared 0 bytes that expands to 384 MB, without holding it in memory', async () => {
    const { run, input, outputs, peak } = await validate(
      'ventas.xlsx',
      (path) => writeWholeReadWorkbook(path, { sales: 3, hidden: [lyingPart('xl/media/image9.emf', BOMB_BYTES)] }),
      true,
    );
    expect(run.code).toBe(2);
    expectOneCleanMessage(
      run,
      `El archivo ${input} no se leyó: su parte xl/media/image9.emf se expande a más de los 0 KB que declara el índice del archivo. Un archivo así está dañado o fue preparado para agotar la memoria (una «bomba zip»).`,
    );
    expect(outputs).toEqual([]);
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThan(BOMB_BYTES);
  }, 120_000);

  it('refuses the sales sheet itself when it expands past what the directory declares, instead of reading it cut', async () => {
    const { run, input, outputs } = await validate('ventas.xlsx', (path) => writeWholeReadWorkbook(path, { sales: 2000, salesDeclaredSize: MIB }));
    expect(run.code).toBe(2);
    expectOneCleanMessage(
      run,
      `El archivo ${input} no se leyó: su parte xl/worksheets/sheet1.xml se expande a más de los 1 MB que declara el índice del archivo.`,
    );
    expect(outputs).toEqual([]);
  }, 120_000);

  it('refuses an .ods with a part declared 0 bytes that expands to 64 MB', async () => {
    const { run, input, outputs } = await validate('ventas.ods', async (path) =>
      writeZip(path, [...(await zipParts(join(PROJECT_ROOT, 'fixtures/real-world/17-libreoffice.ods'))), lyingPart('Thumbnails/thumbnail.png', 64 * MIB)]),
    );
    expect(run.code).toBe(2);
    expectOneCleanMessage(
      run,
      `El archivo ${input} no se leyó: su parte Thumbnails/thumbnail.png se expande a más de los 0 KB que declara el índice del archivo.`,
    );
    expect(outputs).toEqual([]);
  }, 120_000);
});
