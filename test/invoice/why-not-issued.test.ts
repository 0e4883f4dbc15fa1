import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateSheet } from '../../src/index.js';
import { limaToday } from '../../src/invoice/lima-today.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * A register's row that says it is not an invoice to issue (a boleta, a credit note, a voided
 * sale) is shown with that one error, not with a factura's checks of it: its rows come out of the
 * sheet, and a boleta's B series and DNI customer, or a voided sale's zero price and blank RUC,
 * only buried the error that says what to do.
 */
describe('an invoice the register says is not issued', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  beforeEach(async () => {
    dir = await tempDir();
  });
  afterEach(async () => {
    await dir.cleanup();
  });

  const [y, m, d] = limaToday(Date.now()).split('-');
  const fecha = `${d ?? ''}/${m ?? ''}/${y ?? ''}`;
  const HEADER = 'Tipo de comprobante;Serie;Número;Fecha;Tipo doc. cliente;Doc. cliente;Razón social;Descripción;Cantidad;Valor unitario;Estado';
  const invoiceRow = `01;F001;101;${fecha};6;20100047218;Banco de Crédito del Perú;Arroz extra bolsa 5 kg;10;18,50;Emitido`;

  async function errorsOf(rows: readonly string[]): Promise<string[]> {
    const path = join(dir.path, 'registro.csv');
    await writeFile(path, [HEADER, ...rows].join('\r\n'), 'utf8');
    const summary = await validateSheet(path, { writeFiles: false, emisor: { ruc: '20100070970', nombreLegal: 'Comercial Andina S.A.C.' } });
    return summary.firstProblems.filter((p) => p.severity === 'error').map((p) => `${p.row ?? ''} ${p.letter ?? ''} ${p.column ?? ''}`);
  }

  it('shows a boleta with its kind alone: not its B series, nor its customer without a RUC', async () => {
    const errors = await errorsOf([invoiceRow, `03;B001;55;${fecha};1;45678912;Juan Pérez Quispe;Aceite vegetal 1 L;6;9,90;Emitido`]);
    expect(errors).toEqual(['3 A Tipo de comprobante']);
  });

  it('shows a voided sale with its state alone: not its «ANULADO» name and description, its zero price, its blank RUC', async () => {
    const errors = await errorsOf([invoiceRow, `01;F001;102;${fecha};;;ANULADO;ANULADO;0;0;Anulado`]);
    expect(errors).toEqual(['3 K Estado']);
  });

  it('shows every row of a voided invoice of two rows', async () => {
    const errors = await errorsOf([
      invoiceRow,
      `01;F001;102;${fecha};6;20100047218;Banco de Crédito del Perú;Arroz;1;18,50;Anulado`,
      `01;F001;102;${fecha};6;20100047218;Banco de Crédito del Perú;Aceite;1;9,90;Anulado`,
    ]);
    expect(errors).toEqual(['3 K Estado', '4 K Estado']);
  });

  it('keeps every check of a row whose kind it does not know, which may be an invoice', async () => {
    const errors = await errorsOf([invoiceRow, `XX;B001;56;${fecha};6;20100047218;Banco de Crédito del Perú;Aceite vegetal 1 L;6;9,90;Emitido`]);
    expect(errors).toEqual(['3 A Tipo de comprobante', '3 B Serie']);
  });
});
