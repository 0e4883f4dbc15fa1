import ExcelJS from 'exceljs';

export interface ResultsRow {
  readonly serie: string;
  readonly numero: string;
  readonly filas: string;
  readonly estado: string;
}

export interface ResultsWorkbook {
  readonly invoices: readonly ResultsRow[];
  /** Codes of the Errores sheet, one per problem row. */
  readonly problemCodes: readonly string[];
  /** Every cell's text, for greps. */
  readonly allText: string;
}

function text(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Reads a results workbook back with exceljs, columns found by their (Spanish) header. */
export async function readResultsWorkbook(path: string): Promise<ResultsWorkbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const rowsOf = (name: string): Record<string, string>[] => {
    const sheet = book.getWorksheet(name);
    if (sheet === undefined) throw new Error(`${path} has no sheet ${name}`);
    const header = Array.from(sheet.getRow(1).values as ExcelJS.CellValue[], (v) => text(v ?? null));
    const out: Record<string, string>[] = [];
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      const values = row.values as ExcelJS.CellValue[];
      out.push(Object.fromEntries(header.map((h, i) => [h, text(values[i] ?? null)])));
    });
    return out;
  };
  const invoices = rowsOf('Comprobantes').map((r) => ({ serie: r.Serie ?? '', numero: r['Número'] ?? '', filas: r.Filas ?? '', estado: r.Estado ?? '' }));
  const problemCodes = rowsOf('Errores').map((r) => r['Código'] ?? '');
  const all: string[] = [];
  book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => all.push(text(cell.value)))));
  return { invoices, problemCodes, allText: all.join('\n') };
}
