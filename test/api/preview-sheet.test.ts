import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REQUIRED_COLUMNS } from '../../src/invoice/canonical-columns.js';
import type { SheetPreview } from '../../src/index.js';
import { previewSheet, validateSheet } from '../../src/index.js';
import { tempDir } from '../helpers/temp-dir.js';

const LEGACY = join(import.meta.dirname, '../../fixtures/legacy');

/** The preview of a CSV holding `text`. */
async function previewOfCsv(text: string): Promise<SheetPreview> {
  const dir = await tempDir('preview-');
  try {
    const file = join(dir.path, 'ventas.csv');
    await writeFile(file, text);
    return await previewSheet(file);
  } finally {
    await dir.cleanup();
  }
}

describe('previewSheet', () => {
  it("reads the header with the run's settings: the config file's mapping, as validateSheet does", async () => {
    const mapping = JSON.parse(await readFile(join(LEGACY, 'mapping.json'), 'utf8')) as Record<string, string>;
    const file = join(LEGACY, 'export.csv');

    const unmapped = await previewSheet(file);
    expect(unmapped.header).toBeUndefined();
    expect(unmapped.problem?.en).toMatch(/No header row found/);

    const preview = await previewSheet(file, { config: { mapping } });
    expect(preview.problem).toBeUndefined();
    expect(preview.headerRow).toBe(1);
    expect(preview.missing).toEqual([]);
    expect(preview.columns.find((c) => c.header === 'DOC_SERIE')).toMatchObject({ letter: 'B', sample: 'F003', column: 'serie' });
    expect(preview.columns.find((c) => c.header === 'USU_REG')?.column).toBeUndefined();

    // The run the preview stands for reads the same header.
    const dir = await tempDir('preview-');
    try {
      const summary = await validateSheet(file, { config: { mapping }, out: join(dir.path, 'r.xlsx'), fixAndResendOut: join(dir.path, 'c.xlsx') });
      expect(summary.invoices).toBeGreaterThan(0);
    } finally {
      await dir.cleanup();
    }
  });

  it('keeps the columns it recognised when a required one is missing, under a title row, so only that one is asked for', async () => {
    const preview = await previewOfCsv(
      'Ventas de noviembre\nSerie,Número,Fecha,RUC cliente,Razón social,Descripción,Cantidad,Precio unitario con IGV\nF001,1,2026-11-20,20512333797,Comercial Andina S.A.C.,Arroz,10,21.83\n',
    );
    expect(preview.header).toBeUndefined();
    expect(preview.problem?.es).toContain('Faltan columnas obligatorias');
    expect(preview.headerRow).toBe(2);
    // Its columns are the required ones in their order, the unit value being the one not recognised.
    expect(preview.columns.map((c) => c.column ?? null)).toEqual([...REQUIRED_COLUMNS.filter((c) => c !== 'valorVentaUnitario'), null]);
    expect(preview.missing).toEqual(['valorVentaUnitario']);
  });

  it('tells the sheet’s own amounts, which a run reads to check the totals, from the columns it ignores', async () => {
    const preview = await previewOfCsv(
      'Serie,Número,Fecha,RUC,Razón social,Descripción,Cant.,P. Unit.,V. Venta,I.G.V.,P. Venta,Total,Vendedor zona,Estado\n' +
        'F001,1,27/11/2026,20512333797,Comercial Andina S.A.C.,Arroz,2,18.50,37.00,6.66,43.66,43.66,Norte,EMITIDO\n',
    );
    const checks = Object.fromEntries(preview.columns.filter((c) => c.checks !== undefined).map((c) => [c.header, c.checks]));
    // Each kind as the run takes it; «P. Venta» is ignored (a price list heads its unit price so too);
    // the register's «Estado» is read for the sales it marks voided.
    expect(checks).toEqual({ 'V. Venta': 'base', 'I.G.V.': 'igv', Total: 'total', Estado: 'state' });
    expect(preview.columns.find((c) => c.header === 'Vendedor zona')).not.toHaveProperty('checks');
  });

  it('shows a column holding the serie and the number together as feeding both there too', async () => {
    const preview = await previewOfCsv(
      'Comprobante;Fecha;RUC;Cliente;Producto;Cant.;Precio unitario con IGV\r\nF001-00000201;26/11/2026;20512333797;Comercial Andina S.A.C.;Arroz;10;21,83\r\n',
    );
    expect(preview.header).toBeUndefined();
    expect(preview.columns[0]).toMatchObject({ header: 'Comprobante', column: 'serie,numero' });
    expect(preview.missing).toEqual(['valorVentaUnitario']);
  });

  it('proposes a column of «F004-00000088» values for both whatever its header (an ERP’s «DOC»), but not a code of another shape', async () => {
    const erp = await previewOfCsv(
      'TD;DOC;F_EMI;NRO_CLI;NOM_CLI;PRODUCTO;Cantidad;MON\r\n01;F004-00000088;2026-11-27;20512333797;COMERCIAL ANDINA SAC;DETERGENTE 15KG;5;PEN\r\n',
    );
    expect(erp.columns[1]).toMatchObject({ header: 'DOC', column: 'serie,numero' });
    expect(erp.missing).not.toContain('serie');
    expect(erp.missing).not.toContain('numero');
    const codes = await previewOfCsv('TD;COD;PRODUCTO;Cantidad\r\n01;P123-45;DETERGENTE;5\r\n');
    expect(codes.columns[1]?.column).toBeUndefined();
    expect(codes.missing).toEqual(expect.arrayContaining(['serie', 'numero']));
  });
});
