import { limaToday } from '../../src/invoice/lima-today.js';

/**
 * A CSV sheet where invoice F001-1 (rows 2-3) comes back on row 5, after F001-2 (row 4): a
 * submission sends no part of F001-1, and a check says so of every part. `header`: the canonical
 * column names, or the Spanish ones an office writes.
 */
export function splitInvoiceCsv(header: 'canonical' | 'spanish' = 'canonical'): string {
  const today = limaToday(Date.now());
  const row = (numero: number, descripcion: string): string => `F001,${numero},${today},20512333797,Comercial Andina S.A.C.,${descripcion},2,18.50`;
  return [
    header === 'canonical'
      ? 'serie,numero,fechaEmision,receptorNumeroDocumento,receptorNombreLegal,descripcion,cantidad,valorVentaUnitario'
      : 'Serie,Número,Fecha,RUC cliente,Razón social,Descripción,Cantidad,Valor unitario',
    row(1, 'Arroz'),
    row(1, 'Aceite'),
    row(2, 'Arroz'),
    row(1, 'Sal'),
    '',
  ].join('\n');
}
