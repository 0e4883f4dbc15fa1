import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunSummary } from '../../src/index.js';
import { previewSheet, validateSheet } from '../../src/index.js';
import { SUNAT_SALES, writeSunatCsv, writeSunatRegister, writeSunatSheetJs } from '../helpers/sunat-register.js';
import { tempDir } from '../helpers/temp-dir.js';
import { mappingOfRefusal, refusal } from '../helpers/refusal.js';

/**
 * SUNAT's Registro de Ventas e Ingresos (Formato 14.1) as an office keeps it, with the line's
 * description, quantity and unit value added at the right: a header of three rows, «INFORMACIÓN DEL
 * CLIENTE» over «DOCUMENTO DE IDENTIDAD» over «TIPO», «NÚMERO», beside the comprobante's «TIPO»,
 * «N° SERIE…», «NÚMERO», and the «FECHA», «TIPO», «SERIE» of the document a note modifies. Read two
 * rows at most, it was refused for «Serie» and the customer's document missing (rows 6 and 7).
 */
let dir: { path: string; cleanup: () => Promise<void> };
beforeAll(async () => {
  dir = await tempDir('three-row-header-');
});
afterAll(async () => dir.cleanup());

const problemsOf = (result: RunSummary): string[] => result.problemGroups.map((g) => `${g.code}: ${g.example}`);

/** The register's totals: 2 × 1500 + 2500 + 40 × 35.50. */
const TOTALS = [{ moneda: 'PEN', invoices: 3, base: '6920.00', igv: '1245.60', total: '8165.60' }];

describe('a register laid out as SUNAT’s Formato 14.1 (a header of three rows), without a mapping', () => {
  it('reads alike from exceljs’s merged cells, SheetJS’s merged ranges and a CSV as Excel saves it (or with merged cells filled): the titles tell each «NÚMERO» apart', async () => {
    for (const [name, write] of [
      ['exceljs.xlsx', (p: string) => writeSunatRegister(p)],
      ['sheetjs.xlsx', (p: string) => writeSunatSheetJs(p)],
      ['excel.csv', (p: string) => writeSunatCsv(p)],
      ['lleno.csv', (p: string) => writeSunatCsv(p, { filled: true })],
    ] as const) {
      const path = join(dir.path, `registro-${name}`);
      await write(path);
      const result = await validateSheet(path, { writeFiles: false });
      expect(result.byStatus.VALID, `${name}\n${problemsOf(result).join('\n')}`).toBe(SUNAT_SALES.length);
      expect(result.totals).toEqual(TOTALS);
      const said = problemsOf(result);
      expect(said).toContain(
        'TITLE_ROWS_SKIPPED: Se omitieron las filas 1-4 sobre los encabezados («FORMATO 14.1: REGISTRO DE VENTAS E INGRESOS»…); los encabezados están en las filas 6 a 8.',
      );
      const note = said.find((s) => s.startsWith('TWO_ROW_HEADER: ')) ?? '';
      expect(note).toContain('Los encabezados ocupan las filas 6 a 8 y se leen juntos');
      expect(note).toContain(
        'Columnas con el mismo encabezado: «NÚMERO» (F, bajo «COMPROBANTE DE PAGO O DOCUMENTO») → Número; «NÚMERO» (H, bajo «INFORMACIÓN DEL CLIENTE / DOCUMENTO DE IDENTIDAD») → Documento del cliente;',
      );
      // Each field from its own column; the document a note modifies (S-V) feeds nothing.
      const preview = await previewSheet(path);
      expect(preview.header).toMatchObject({ row: 8, groupRow: 6 });
      expect(preview.missing).toEqual([]);
      const fed = Object.fromEntries(Object.entries(preview.header?.columns ?? {}).map(([c, col]) => [c, col?.letter]));
      expect(fed).toMatchObject({
        fechaEmision: 'B',
        serie: 'E',
        numero: 'F',
        receptorTipoDocumento: 'G',
        receptorNumeroDocumento: 'H',
        receptorNombreLegal: 'I',
        descripcion: 'W',
        cantidad: 'X',
        valorVentaUnitario: 'Y',
      });
      expect(Object.values(fed).filter((letter) => ['S', 'T', 'U', 'V'].includes(letter ?? ''))).toEqual([]);
      // Said apart, not among the columns «si alguna debe usarse» offers to map: their «SERIE» is not the invoice's.
      expect(said).toContain(
        'REFERENCE_COLUMNS: Las columnas «FECHA» (S), «TIPO (TABLA 10)» (T), «SERIE» (U), «N° DEL COMPROBANTE DE PAGO O DOCUMENTO» (V), bajo «REFERENCIA DEL COMPROBANTE DE PAGO O DOCUMENTO ORIGINAL QUE SE MODIFICA», son del comprobante que modifica una nota de crédito o débito: una factura no las usa y no se leen.',
      );
      const unknown = said.find((s) => s.startsWith('UNKNOWN_COLUMNS: ')) ?? '';
      expect(unknown).toContain('«VALOR FACTURADO DE LA EXPORTACIÓN» (J)');
      expect(unknown).not.toMatch(/\((S|T|U|V)\)/);
    }
  });

  it('checks each invoice against the register’s own base, IGV and total (K, O, Q): unit values written with IGV are caught, not sent 18 % too high', async () => {
    const path = join(dir.path, 'registro-con-igv.xlsx');
    await writeSunatRegister(path, { unitValuesWithIgv: true });
    const result = await validateSheet(path, { writeFiles: false });
    expect(result.byStatus.VALID ?? 0).toBe(0);
    const said = problemsOf(result).join('\n');
    for (const header of ['BASE IMPONIBLE DE LA OPERACIÓN GRAVADA', 'IGV Y/O IPM', 'IMPORTE TOTAL DEL COMPROBANTE DE PAGO'])
      expect(said).toContain(`«${header}»`);
    expect(said).toContain('los valores unitarios parecen incluir el IGV');
  });

  it('refused for its missing line columns, does not offer the columns of the document a note modifies as the missing ones', async () => {
    const path = join(dir.path, 'registro-solo.csv');
    await writeSunatCsv(path, { registerOnly: true });
    const error = await refusal(validateSheet(path, { writeFiles: false, wording: 'command-line' }));
    expect(error.code).toBe('INPUT');
    expect(error.text.es).toContain('Columnas de la hoja que no se reconocieron: ');
    expect(error.text.es).toContain('«VALOR FACTURADO DE LA EXPORTACIÓN» (J)');
    // Eight named, and «TIPO DE CAMBIO» (R) the one more: S-V are not counted among them.
    expect(error.text.es).toContain('«OTROS TRIBUTOS Y CARGOS QUE NO FORMAN PARTE DE LA BASE IMPONIBLE» (P) y 1 más.');
    expect(error.text.es).not.toMatch(/«(FECHA|SERIE|TIPO \(TABLA 10\)|N° DEL COMPROBANTE DE PAGO O DOCUMENTO)» \((S|T|U|V)\)/);
  });

  it('is refused when no title says whose the second «NÚMERO» is, naming both by their letters and the mapping that reads it', async () => {
    for (const [name, write] of [
      ['datos.xlsx', (p: string) => writeSunatRegister(p, { customerTitle: 'DATOS', documentTitle: 'DOCUMENTO' })],
      ['datos.csv', (p: string) => writeSunatCsv(p, { customerTitle: 'DATOS', documentTitle: 'DOCUMENTO' })],
    ] as const) {
      const path = join(dir.path, `registro-${name}`);
      await write(path);
      const error = await refusal(validateSheet(path, { writeFiles: false, wording: 'command-line' }));
      expect(error.code).toBe('INPUT');
      expect(error.text.es).toBe(
        [
          `En ${path} los encabezados ocupan las filas 6 a 8 y hay columnas con el mismo encabezado que no se pueden distinguir:`,
          '  - «NÚMERO» (F, bajo «COMPROBANTE DE PAGO O DOCUMENTO») y «NÚMERO» (H, bajo «DATOS / DOCUMENTO») se llaman igual: las dos se leerían como numero (Número)',
          'Indique cuál es cuál en un archivo de mapeo (--map mapping.json) que nombre cada una por su encabezado y su letra, por ejemplo {"numero": "NÚMERO (columna F)", "receptorNumeroDocumento": "NÚMERO (columna H)"} (el espacio de trabajo web, «factura-import serve», lo prepara al elegir las columnas). O escriba en la fila 6, sobre las columnas del cliente, el título «Cliente» (o sobre las del comprobante, «Comprobante de pago»), o cambie el nombre de una de ellas (por ejemplo «Número doc. cliente»). No se procesó ninguna factura.',
        ].join('\n'),
      );
      expect(error.text.en).toContain('In ' + path + ' the header takes rows 6 to 8');
      // The mapping the message gives reads the sheet.
      const result = await validateSheet(path, { mapping: mappingOfRefusal(error), writeFiles: false });
      expect(result.byStatus.VALID, problemsOf(result).join('\n')).toBe(SUNAT_SALES.length);
      expect(result.totals).toEqual(TOTALS);
    }
  });
});
