import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';
import type { Problem } from '../invoice/problem.js';
import type { Wording } from '../remedies.js';
import { chooseSheetRemedy, remedy } from '../remedies.js';

/** The words for choosing the sheet of a workbook (XLSX, XLS, ODS alike). */
export const sheetChoiceMessages = {
  /** The first sheet has sales, and the workbook was saved showing another that has them too: which one is meant cannot be told. */
  activeSheetDiffers(path: string, first: string, active: string, wording?: Wording): FacturaError {
    const choose = chooseSheetRemedy(active, wording);
    return new FacturaError(
      'INPUT',
      localized(
        `El libro ${path} se guardó mostrando la hoja "${active}", pero la primera hoja, "${first}", también tiene ventas. ${choose.es}`,
        `The workbook ${path} was saved showing the sheet "${active}", but the first sheet, "${first}", has sales too. ${choose.en}`,
      ),
    );
  },

  /** The first sheet is read; the workbook's other visible sheets are named as not read. */
  otherSheetsNotRead(path: string, read: string, others: readonly string[], wording?: Wording): Problem {
    const list = others.map((n) => `"${n}"`).join(', ');
    const other = remedy('otherSheet', wording);
    return {
      severity: 'warning',
      code: 'OTHER_SHEETS_NOT_READ',
      value: others.join(', '),
      message: localized(
        `Se lee la hoja "${read}", la primera de ${path}; ${others.length === 1 ? 'su otra hoja' : 'sus otras hojas'}, ${list}, no se ${others.length === 1 ? 'lee' : 'leen'}. ${other.es}`,
        `The sheet "${read}" is read, the first of ${path}; its other ${others.length === 1 ? 'sheet' : 'sheets'}, ${list}, ${others.length === 1 ? 'is' : 'are'} not read. ${other.en}`,
      ),
    };
  },

  hiddenSkipped(file: string, hidden: readonly string[]): Problem {
    const list = hidden.map((n) => `"${n}"`).join(', ');
    return {
      severity: 'warning',
      code: 'HIDDEN_SHEETS_SKIPPED',
      value: hidden.join(', '),
      message: localized(
        `Se omitieron hojas ocultas de ${file}: ${list}. Se lee la primera hoja visible.`,
        `Hidden sheets of ${file} were skipped: ${list}. The first visible sheet is read.`,
      ),
    };
  },

  hiddenChosen(file: string, sheet: string, wording?: Wording): Problem {
    const asked = remedy('sheetAskedFor', wording);
    return {
      severity: 'warning',
      code: 'HIDDEN_SHEET_READ',
      value: sheet,
      message: localized(
        `La hoja "${sheet}" de ${file} está oculta; se lee porque ${asked.es}`,
        `The sheet "${sheet}" of ${file} is hidden; it is read because ${asked.en}`,
      ),
    };
  },

  missingSheet(file: string, wanted: string, names: readonly string[]): FacturaError {
    const list = names.map((n) => `"${n}"`).join(', ');
    return new FacturaError(
      'INPUT',
      localized(
        `El archivo ${file} no tiene una hoja llamada "${wanted}". Sus hojas son: ${list}.`,
        `The file ${file} has no sheet named "${wanted}". Its sheets are: ${list}.`,
      ),
    );
  },

  onlyHidden(file: string, hidden: readonly string[], wording?: Wording): FacturaError {
    const list = hidden.map((n) => `"${n}"`).join(', ');
    const unhide = remedy('hiddenSheets', wording);
    return new FacturaError(
      'INPUT',
      localized(`El archivo ${file} solo tiene hojas ocultas (${list}). ${unhide.es}`, `The file ${file} has only hidden sheets (${list}). ${unhide.en}`),
    );
  },

  noSheets(file: string): FacturaError {
    // Excel's binary workbook is a zip too, of .bin parts no reader here opens.
    if (/\.xlsb$/i.test(file))
      return new FacturaError(
        'INPUT',
        localized(
          `El archivo ${file} es un «Libro binario de Excel» (.xlsb), que no se puede leer. Ábralo en Excel y guárdelo como «Libro de Excel (.xlsx)», o expórtelo como CSV.`,
          `The file ${file} is an «Excel Binary Workbook» (.xlsb), which cannot be read. Open it in Excel and save it as «Excel Workbook (.xlsx)», or export it as CSV.`,
        ),
      );
    return new FacturaError(
      'INPUT',
      localized(
        `El archivo ${file} es un .zip sin hojas de cálculo: no parece un libro de Excel (.xlsx). Ábralo en Excel y guárdelo como «Libro de Excel (.xlsx)», o expórtelo como CSV.`,
        `The file ${file} is a zip without worksheets: it does not look like an Excel workbook (.xlsx). Open it in Excel and save it as «Excel Workbook (.xlsx)», or export it as CSV.`,
      ),
    );
  },

  incompleteRead(file: string, attempts: number): FacturaError {
    return new FacturaError(
      'INPUT',
      localized(
        `No se pudo leer completo el archivo ${file} (tras ${attempts} intentos). Vuelva a guardarlo en Excel o expórtelo como CSV.`,
        `The file ${file} could not be read completely (after ${attempts} tries). Save it again in Excel or export it as CSV.`,
      ),
    );
  },
} as const;
