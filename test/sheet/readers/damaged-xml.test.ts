import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { FacturaError } from '../../../src/factura-error.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { writeZip } from '../../reliability/zip-writer.js';
import { readAll } from './read-all-rows.js';
import { zipParts } from './zip-parts.js';

/**
 * A security review: an XLSX whose sheet holds an XML entity (as a «billion laughs» file does) was
 * refused, rightly, but with the XML parser's words in a Spanish message: «…no se pudo leer como libro
 * de Excel (.xlsx): 1:744: undefined entity.»
 */
describe('an XLSX whose XML holds what Excel never writes', () => {
  it('is refused in words the user can act on, with where in its XML', async () => {
    const dir = await tempDir('damaged-xml-');
    try {
      const written = join(dir.path, 'ventas.xlsx');
      const wb = new ExcelJS.Workbook();
      wb.addWorksheet('Ventas').addRow(['serie', 'numero', 'descripcion']);
      await wb.xlsx.writeFile(written);
      const parts = await zipParts(written);
      const damaged = join(dir.path, 'danado.xlsx');
      await writeZip(
        damaged,
        parts.map((p) => (p.data.includes('serie') ? { ...p, data: p.data.toString('utf8').replace('serie', '&lol;') } : p)),
      );
      const error = await readAll(damaged).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(FacturaError);
      const text = (error as FacturaError).text;
      expect(text.es).toMatch(
        /no se pudo leer como libro de Excel \(\.xlsx\): por dentro está dañado o trae algo que Excel no escribe \(línea \d+, posición \d+ de su XML\)\. Ábralo en Excel o LibreOffice y guárdelo de nuevo como «Libro de Excel \(\.xlsx\)»\.$/,
      );
      expect(text.es).not.toContain('entity');
    } finally {
      await dir.cleanup();
    }
  });
});
