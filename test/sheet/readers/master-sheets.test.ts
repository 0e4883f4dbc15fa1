import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateSheet } from '../../../src/index.js';
import { limaToday } from '../../../src/invoice/lima-today.js';
import { tempDir } from '../../helpers/temp-dir.js';

/**
 * A workbook as an office keeps it: its customer list first, its products, then the month's sales
 * (which look the customers up with BUSCARV). The customer list («RUC», «Razón social», «Dirección»)
 * was taken for the sheet to read: refused for missing «Serie», «Número»… without naming the sales
 * sheet, or, saved showing the sales, «la primera hoja, "Clientes", también tiene ventas», untrue.
 */
describe('a workbook whose first sheets are its customer and product lists', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  beforeEach(async () => {
    dir = await tempDir('maestros-');
  });
  afterEach(async () => dir.cleanup());

  async function write(path: string, activeTab: number | undefined): Promise<void> {
    const wb = new ExcelJS.Workbook();
    const clientes = wb.addWorksheet('Clientes');
    clientes.addRow(['RUC', 'Razón Social', 'Dirección', 'Correo']);
    clientes.addRow(['20100047218', 'Banco de Crédito del Perú', 'Av. Centenario 156, La Molina', 'pagos@bcp.com.pe']);
    const productos = wb.addWorksheet('Productos');
    productos.addRow(['Código', 'Descripción', 'Unidad', 'Precio']);
    productos.addRow(['ARZ-5', 'Arroz extra bolsa 5 kg', 'NIU', 18.5]);
    const ventas = wb.addWorksheet('Ventas Nov');
    ventas.addRow(['Serie', 'Número', 'Fecha', 'RUC', 'Razón Social', 'Descripción', 'Cantidad', 'Valor unitario']);
    ventas.addRow(['F001', 1, limaToday(Date.now()), '20100047218', 'Banco de Crédito del Perú', 'Arroz extra bolsa 5 kg', 10, 18.5]);
    if (activeTab !== undefined) wb.views = [{ x: 0, y: 0, width: 10000, height: 20000, firstSheet: 0, activeTab, visibility: 'visible' }];
    await wb.xlsx.writeFile(path);
  }

  it.each([
    ['saved showing the customers', 0],
    ['saved showing the sales', 2],
  ])('reads the sales sheet, with a note naming it (%s)', async (_saved, activeTab) => {
    const path = join(dir.path, 'ventas.xlsx');
    await write(path, activeTab);
    const summary = await validateSheet(path, { writeFiles: false });
    expect(summary.byStatus).toMatchObject({ VALID: 1 });
    const note = summary.problemGroups.find((g) => g.code === 'DATA_ON_OTHER_SHEET');
    expect(note?.example).toContain('La hoja "Clientes"');
    expect(note?.example).toContain('se lee la hoja "Ventas Nov"');
  });

  // A review's repro: an older register keeps «F001-00000101» under «Nro Doc»; it was passed over for
  // the purchases register behind it, whose supplier invoice F002-5501 would have been issued as a sale.
  it('keeps reading a first sheet of lines whose serie and number share a column, before a purchases register', async () => {
    const path = join(dir.path, 'ventas-y-compras.xlsx');
    const wb = new ExcelJS.Workbook();
    const ventas = wb.addWorksheet('Ventas');
    ventas.addRow(['Nro Doc', 'Fecha', 'RUC', 'Razón social', 'Descripción', 'Cantidad', 'Valor unitario']);
    ventas.addRow(['F001-00000101', limaToday(Date.now()), '20100047218', 'Banco de Crédito del Perú', 'Arroz extra', 2, 18.5]);
    const compras = wb.addWorksheet('Compras');
    compras.addRow(['Serie', 'Número', 'Fecha', 'RUC', 'Razón social', 'Descripción', 'Cantidad', 'Valor unitario']);
    compras.addRow(['F002', 5501, limaToday(Date.now()), '20100070970', 'Proveedor Uno S.A.', 'Compra de sacos', 100, 1.2]);
    await wb.xlsx.writeFile(path);
    const summary = await validateSheet(path, { writeFiles: false });
    expect(summary.byStatus).toMatchObject({ VALID: 1 });
    expect(summary.problemGroups.find((g) => g.code === 'DATA_ON_OTHER_SHEET')).toBeUndefined();
  });
});
