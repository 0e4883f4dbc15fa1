import { readdirSync, writeFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRowSource } from '../../../src/sheet/open-row-source.js';
import type { OpenRowSourceOptions } from '../../../src/sheet/open-row-source.js';
import type { RowSource, SourceRow } from '../../../src/sheet/source-row.js';
import { openThreadRowSource } from '../../../src/sheet/thread-row-source.js';
import { openPaths } from '../../helpers/open-paths.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { READER_FIXTURES } from './read-all-rows.js';

const run = promisify(execFile);
const THREAD_ROW_SOURCE = new URL('../../../src/sheet/thread-row-source.ts', import.meta.url).href;

type Open = (path: string, options: OpenRowSourceOptions) => Promise<RowSource>;

/** What a reader makes of a file: the source's fields and every row, or the error's code and texts (and the rows before it). */
async function outcome(open: Open, path: string, options: OpenRowSourceOptions = {}): Promise<unknown> {
  const rows: SourceRow[] = [];
  try {
    const { batches, ...source } = await open(path, options);
    for await (const batch of batches) rows.push(...batch);
    return { source, rows };
  } catch (error) {
    const { code, text } = error as { code?: unknown; text?: unknown };
    return { failed: { code, text, message: (error as Error).message }, rows };
  }
}

/** Every reader fixture: CSV in its encodings and delimiters, and workbooks from exceljs, openpyxl and LibreOffice, broken ones too. */
const FIXTURES = ['csv', 'exceljs', 'openpyxl', 'libreoffice'].flatMap((dir) =>
  readdirSync(join(READER_FIXTURES, dir))
    .filter((name) => /\.(csv|xlsx)$/.test(name))
    .map((name) => join(dir, name)),
);

/** A CSV of invoice rows F001-1…F001-`count`, then `after` lines as they are. */
function writeInvoiceCsv(path: string, count: number, after: readonly string[] = []): void {
  const lines = ['serie,numero,cliente,total', ...Array.from({ length: count }, (_, i) => `F001,${i + 1},Cliente ${i + 1},118.00`), ...after];
  writeFileSync(path, lines.join('\n'));
}

describe('openThreadRowSource: openRowSource in a thread of its own', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    dir = await tempDir('thread-rows-');
  });
  afterAll(() => dir.cleanup());

  it.each(FIXTURES)('reads %s exactly as openRowSource does (source, notes, rows, or the same error)', async (name) => {
    const path = join(READER_FIXTURES, name);
    const inThread = await outcome(openThreadRowSource, path);
    expect(inThread).toEqual(await outcome(openRowSource, path));
  });

  it('passes the reading options on: a chosen sheet, a forced delimiter', async () => {
    const workbook = join(READER_FIXTURES, 'libreoffice', 'cases-1900.xlsx');
    const notes = (await outcome(openThreadRowSource, workbook, { sheet: 'Notas' })) as { source: RowSource };
    expect(notes).toEqual(await outcome(openRowSource, workbook, { sheet: 'Notas' }));
    expect(notes.source.sheet).toBe('Notas');
    const csv = join(READER_FIXTURES, 'csv', 'utf8.csv');
    expect(await outcome(openThreadRowSource, csv, { delimiter: ';' })).toEqual(await outcome(openRowSource, csv, { delimiter: ';' }));
  });

  it('a missing file is refused in the same words', async () => {
    const missing = join(dir.path, 'no-existe.csv');
    const refused = (await outcome(openThreadRowSource, missing)) as { failed: { code: string; text: { es: string } } };
    expect(refused).toEqual(await outcome(openRowSource, missing));
    expect(refused.failed.code).toBe('INPUT');
  });

  it('a quote left open deep in a long file fails the iteration after the rows before it, as on the main thread', async () => {
    const path = join(dir.path, 'comilla.csv');
    writeInvoiceCsv(path, 5000, ['F001,5001,"Cliente sin cierre,118.00', 'F001,5002,Cliente,118.00']);
    const inThread = (await outcome(openThreadRowSource, path)) as { failed: { text: { es: string } }; rows: SourceRow[] };
    expect(inThread).toEqual(await outcome(openRowSource, path));
    expect(inThread.failed.text.es).toContain('comilla (") sin cerrar que empieza en la fila 5002');
    expect(inThread.rows.length).toBeGreaterThan(256);
  });

  it('a source never closed does not keep a finished process alive (the thread waits unreferenced)', async () => {
    const path = join(dir.path, 'abandonado.csv');
    writeInvoiceCsv(path, 20_000);
    const script = [
      `import { openThreadRowSource } from ${JSON.stringify(THREAD_ROW_SOURCE)};`,
      `const source = await openThreadRowSource(${JSON.stringify(path)}, {});`,
      'const first = await source.batches[Symbol.asyncIterator]().next();',
      'console.log(first.value.length);',
    ].join('\n');
    // Bounded by execFile's timeout: a process kept alive by its thread would be killed, not exit 0.
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 20_000 });
    expect(Number(stdout.trim())).toBeGreaterThan(0);
  });

  it('a reading thread out of memory ends the reading with an INPUT error that says so, in Spanish', async () => {
    const path = join(READER_FIXTURES, 'csv', 'utf8.csv');
    const refused = await openThreadRowSource(path, {}, { maxOldGenerationSizeMb: 2, maxYoungGenerationSizeMb: 1 }).catch((e: unknown) => e);
    expect(refused).toMatchObject({
      code: 'INPUT',
      text: {
        es: `No se pudo terminar de leer el archivo ${path}: leerlo necesitó más memoria de la que hay. Divida la hoja en archivos más pequeños y revíselos uno por uno.`,
      },
    });
  });

  it('left after its first batch, the thread closes the file and ends', async () => {
    const path = join(dir.path, 'largo.csv');
    writeInvoiceCsv(path, 40_000);
    const source = await openThreadRowSource(path, {});
    let taken = 0;
    for await (const batch of source.batches) {
      taken += batch.length;
      expect(openPaths().filter((p) => p === path)).toEqual([path]);
      break;
    }
    expect(taken).toBeGreaterThan(0);
    expect(taken).toBeLessThan(40_000);
    // The iteration's end waited for the thread: the file is closed by then.
    expect(openPaths().filter((p) => p === path)).toEqual([]);
  });
});
