import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FacturaError } from '../../src/factura-error.js';
import { limaToday } from '../../src/invoice/lima-today.js';
import { openRowSource } from '../../src/sheet/open-row-source.js';
import { bytesWritten } from '../helpers/bytes-written.js';
import { collect, PROJECT_ROOT } from '../helpers/cli-process.js';
import { tempDir } from '../helpers/temp-dir.js';
import { BAD_CORPUS_REFUSALS } from './bad-corpus-refusals.js';
import { LYING_SHEET_DECLARED_BYTES, LYING_SHEET_EXPANDED_BYTES, writeBigBadFiles, type BigBadFiles } from './make-bad-corpus.js';
import { readThrough, type ReadThrough } from './read-through.js';

const bad = (name: string): string => join(PROJECT_ROOT, 'fixtures/bad', name);

function refused(result: ReadThrough): Extract<ReadThrough, { kind: 'refused' }> {
  if (result.kind !== 'refused') throw new Error(`expected a refusal, got ${JSON.stringify(result)}`);
  return result;
}
function read(result: ReadThrough): Extract<ReadThrough, { kind: 'read' }> {
  if (result.kind !== 'read') throw new Error(`expected the file to be read, got ${JSON.stringify(result)}`);
  return result;
}

/** Every row the mapping stage let through ends in exactly one invoice or one run of orphan rows. */
function expectEveryRowAccountedFor(result: Extract<ReadThrough, { kind: 'read' }>): void {
  expect(result.rowsInInvoices + result.rowsInOrphans).toBe(result.records);
}

describe('the hostile-input corpus through the dry-run chain (reader → mapping → grouping → validation)', () => {
  it.each(BAD_CORPUS_REFUSALS)('refuses $file with one INPUT error naming the file', async ({ file, says }) => {
    const result = refused(await readThrough(bad(file)));
    expect(result.code).toBe('INPUT');
    expect(result.es).toContain(bad(file));
    expect(result.es).toContain(says);
  });

  it('refuses a file that does not exist and a folder, naming them', async () => {
    const missing = refused(await readThrough(bad('no-such-file.csv')));
    expect(missing.es).toBe(`No se encontró el archivo ${bad('no-such-file.csv')}.`);
    const folder = refused(await readThrough(join(PROJECT_ROOT, 'fixtures/bad')));
    expect(folder.es).toContain(`${join(PROJECT_ROOT, 'fixtures/bad')} es una carpeta, no un archivo`);
  });

  it('reads every row of a file mixing \\r\\n, \\n and \\r line endings', async () => {
    const result = read(await readThrough(bad('mixed-endings.csv')));
    expect(result).toMatchObject({ records: 4, invoices: 3, valid: 3, rowsInOrphans: 0 });
    expectEveryRowAccountedFor(result);
  });

  it('reports a formula-only sheet row by row (no saved results), with no invoice', async () => {
    const result = read(await readThrough(bad('formula-only.xlsx')));
    expect(result).toMatchObject({ records: 2, invoices: 0, rowsInOrphans: 2 });
    expect(result.problemCodes).toContain('FORMULA_WITHOUT_RESULT');
  });

  // Was a regression: a key cell refused for its control characters counted as blank, so the row of
  // NULs joined (and tainted) the invoice above; an unreadable key cell now makes an orphan row.
  it('accounts for a row of NUL bytes as an orphan row with its problem', async () => {
    const result = read(await readThrough(bad('nul-bytes.csv')));
    expectEveryRowAccountedFor(result);
    expect(result.rowsInOrphans).toBe(1);
    expect(result.problemCodes).toContain('INCOMPLETE_INVOICE_KEY');
  });

  // Was a defect: a NUL (or any C0 control character) inside a text cell passed, so the invoice
  // was VALID and would have been sent; no XML document (SUNAT's UBL) can hold U+0000.
  it('refuses an invoice whose description holds a NUL byte', async () => {
    const result = read(await readThrough(bad('nul-bytes.csv')));
    expectEveryRowAccountedFor(result);
    // Row 4's description holds a NUL; row 3 (all NULs) is an orphan row, and row 2's invoice, clean
    // itself, is held too: the unreadable row right below it may have been one of its lines.
    expect(result.valid).toBe(0);
    expect(result.invalid).toBe(2);
    expect(result.problemCodes).toContain('CONTROL_CHARACTER');
    expect(result.problemCodes).toContain('INVOICE_MAY_MISS_ROW');
  });

  // Was a defect: header detection searched only the first 30 rows, so an ERP export with 39 note
  // rows above its header was refused. It now searches the first 100.
  it('finds the header in row 40, under 39 rows of notes', async () => {
    const result = read(await readThrough(bad('header-row-40.csv')));
    expect(result).toMatchObject({ records: 2, invoices: 2, valid: 2, rowsInOrphans: 0 });
  });

  // Was a defect: the UTF-8 error named "byte 0" (the start of the 64 KiB chunk being decoded).
  it('names the row and the byte offset of the first byte that is not UTF-8', async () => {
    const result = refused(await readThrough(bad('windows-1252-with-utf8-bom.csv')));
    expect(result.es).toContain(
      `El archivo ${bad('windows-1252-with-utf8-bom.csv')} no es UTF-8 válido: la fila 3 tiene un byte 0xF1 que no es UTF-8 (byte 367 del archivo).`,
    );
    expect(result.en).toContain('row 3 holds a byte 0xF1 that is not UTF-8 (byte 367 of the file)');
  });
});

describe('big hostile files, generated at test time', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  let files: BigBadFiles;
  beforeAll(async () => {
    dir = await tempDir('factura-bad-big-');
    await mkdir(dir.path, { recursive: true });
    files = await writeBigBadFiles(dir.path, { today: limaToday(Date.now()) });
  }, 60_000);
  afterAll(async () => {
    await dir.cleanup();
  });

  it('refuses a CSV whose quote opened at row 50,000 never closes, naming that row', async () => {
    const source = await openRowSource(files.unclosedQuoteAt50000);
    let rows = 0;
    const failure = await (async () => {
      try {
        for await (const batch of source.batches) rows += batch.length;
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(rows).toBe(49_999);
    expect(failure).toBeInstanceOf(FacturaError);
    expect((failure as FacturaError).text.es).toContain(`${files.unclosedQuoteAt50000} tiene una comilla (") sin cerrar que empieza en la fila 50000`);
  });

  it('reads a 1 MB cell and refuses only its invoice (description too long)', async () => {
    const result = read(await readThrough(files.oneMegabyteCell));
    expect(result).toMatchObject({ records: 2, invoices: 2, valid: 1, invalid: 1 });
    expect(result.problemCodes).toContain('DESCRIPTION_TOO_LONG');
  });

  it('reads 5,000 columns, ignoring the unknown ones', async () => {
    const result = read(await readThrough(files.fiveThousandColumns));
    expect(result).toMatchObject({ records: 2, invoices: 2, valid: 2 });
  });

  it('groups 10,000 lines into one valid invoice', async () => {
    const result = read(await readThrough(files.tenThousandLines));
    expect(result).toMatchObject({ records: 10_000, rowsInInvoices: 10_000, invoices: 1, valid: 1 });
  });

  // Was a defect: the XLSX reader cached shared strings with no limit, so this 3 MB file took the
  // process down ("JavaScript heap out of memory" with a 256 MB heap). The zip directory is now
  // checked before exceljs reads anything, and each part is counted as it is decompressed.
  // Read here in a child process with a 160 MB heap.
  it('refuses an XLSX whose shared strings expand to 1 GiB, with a clear error and bounded memory', async () => {
    const child = spawn(process.execPath, ['--max-old-space-size=160', '--import', 'tsx', 'test/reliability/read-through.ts', files.sharedStringsBomb], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const run = await collect(child, 40_000);
    expect(run.stderr).not.toContain('heap out of memory');
    expect(run.code).toBe(0);
    const result = refused(JSON.parse(run.stdout) as ReadThrough);
    expect(result.code).toBe('INPUT');
    expect(result.es).toContain(
      `El archivo ${files.sharedStringsBomb} no se leyó: su parte xl/sharedStrings.xml (los textos de las celdas) se expandiría a 1,023.9 MB, más que el límite de 100 MB.`,
    );
    expect(result.en).toContain('more than the limit of 100 MB');
  }, 60_000);

  // Was a defect: exceljs copies a sheet stored before the shared strings (or, as here, in a workbook
  // with none) to a temporary file, and only the reading back of that copy was counted: a file whose
  // directory declares 1 MB for its sheet wrote all it holds (1 GB from a 3 MB upload) to the disk
  // before it was refused. It is now cut at the declared size as it is decompressed.
  it('refuses an XLSX whose directory under-declares its sheet, having written no more than that to the disk', async () => {
    const before = bytesWritten();
    const result = refused(await readThrough(files.lyingSheetBomb));
    const written = bytesWritten() - before;
    expect(result.code).toBe('INPUT');
    expect(result.es).toContain(
      `El archivo ${files.lyingSheetBomb} no se leyó: su parte xl/worksheets/sheet1.xml se expande a más de los 1 MB que declara el índice del archivo.`,
    );
    expect(LYING_SHEET_EXPANDED_BYTES).toBeGreaterThan(100 * LYING_SHEET_DECLARED_BYTES);
    // The declared 1 MB, and what the decompression hands out past it before it is cut (a chunk or two).
    expect(written).toBeLessThan(4 * LYING_SHEET_DECLARED_BYTES);
  });
});
