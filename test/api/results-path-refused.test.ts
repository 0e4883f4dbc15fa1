import { mkdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FacturaError, startSandbox, submitSheet } from '../../src/index.js';
import type { PublicSandbox } from '../../src/index.js';
import { tempDir } from '../helpers/temp-dir.js';
import { salesRow, writeSalesSheet } from '../helpers/write-sales-sheet.js';

/**
 * A results workbook that cannot be put in its place was found only at the end of a submission,
 * after every invoice was issued: the run ended in «No se pudo escribir el libro de resultados …»
 * and nothing else (a review's /tmp/hB-t/sc15.sh, sc8.sh).
 */
describe('a results workbook that cannot be written', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  let sandbox: PublicSandbox;
  beforeEach(async () => {
    dir = await tempDir('results-path-');
    sandbox = await startSandbox();
  });
  afterEach(async () => {
    await sandbox.close();
    await dir.cleanup();
  });

  const options = (): Parameters<typeof submitSheet>[1] => ({ credentials: sandbox.credentials, authUrl: sandbox.url, baseUrl: sandbox.url, concurrency: 2 });

  it('is refused before anything is sent when a folder stands at its path', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(1), salesRow(2)]);
    await mkdir(join(dir.path, 'ventas.resultados.xlsx'));
    const refused = await submitSheet(input, options()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(FacturaError);
    expect((refused as FacturaError).text.es).toContain('la ruta es una carpeta, no un archivo');
    expect(sandbox.ledger().counters.puts ?? 0).toBe(0);
  });

  it('says, when it fails at the end, that the invoices were issued and are in the journal', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(1), salesRow(2)]);
    // The path is taken while the run sends: the workbook can no longer be put in its place at the end.
    let taken = false;
    const refused = await submitSheet(input, {
      ...options(),
      onEvent: (e) => {
        if (e.type === 'invoice' && !taken) {
          taken = true;
          mkdirSync(join(dir.path, 'ventas.resultados.xlsx'));
        }
      },
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(FacturaError);
    expect((refused as FacturaError).text.es).toContain('Las facturas ya se enviaron: 2 aceptada(s), guardadas en el diario de envíos');
    expect(sandbox.ledger().counters.accepted).toBe(2);
  });
});
