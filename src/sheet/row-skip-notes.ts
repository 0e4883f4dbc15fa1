import { localized } from '../i18n/localized-text.js';
import type { Problem } from '../invoice/problem.js';
import type { Wording } from '../remedies.js';
import { remedy } from '../remedies.js';
import { rowRanges } from '../invoice/row-ranges.js';

/** The words for rows that are read differently from a line: totals rows, a repeated header, hidden rows. */
export const rowSkipNotes = {
  totalsRow(row: number, column: string, shown: string): Problem {
    return {
      severity: 'warning',
      code: 'TOTALS_ROW_SKIPPED',
      row,
      column,
      value: shown,
      message: localized(
        `Fila ${row}: parece una fila de totales («${shown}»); no se leyó. Ninguna factura cambió por ella.`,
        `Row ${row}: looks like a totals row ("${shown}"); it was not read. No invoice was changed by it.`,
      ),
    };
  },

  headerRepeated(row: number, headerRow: number, column: string): Problem {
    return {
      severity: 'warning',
      code: 'HEADER_ROW_REPEATED',
      row,
      column,
      message: localized(
        `Fila ${row}: repite los encabezados o los títulos de arriba de la fila ${headerRow} (¿dos hojas pegadas una debajo de otra, o un reporte con encabezado en cada página?); no se leyó. Ninguna factura cambió por ella.`,
        `Row ${row}: repeats the header or the titles above row ${headerRow} (two sheets pasted one below the other, or a report with a header on every page?); it was not read. No invoice was changed by it.`,
      ),
    };
  },

  hiddenSkipped(rows: readonly number[], autoFilter: boolean, wording?: Wording): Problem {
    const list = rowRanges(rows);
    const include = remedy('includeHidden', wording);
    const one = rows.length === 1;
    const what = autoFilter
      ? localized(
          one ? 'oculta o filtrada (la hoja tiene un filtro)' : 'ocultas o filtradas (la hoja tiene un filtro)',
          'hidden or filtered out (the sheet has a filter)',
        )
      : localized(one ? 'oculta' : 'ocultas', 'hidden');
    const first = rows[0] ?? 0;
    return {
      severity: 'warning',
      code: 'HIDDEN_ROWS_SKIPPED',
      row: first,
      value: list,
      message: localized(
        one
          ? `No se leyó 1 fila ${what.es}: la fila ${list}. Para enviarla, muéstrela (o quite el filtro)${include.es}`
          : `No se leyeron ${rows.length} filas ${what.es}: filas ${list}. Para enviarlas, muéstrelas (o quite el filtro)${include.es}`,
        one
          ? `1 row ${what.en} was not read: row ${list}. To send it, unhide it (or clear the filter)${include.en}`
          : `${rows.length} rows ${what.en} were not read: rows ${list}. To send them, unhide them (or clear the filter)${include.en}`,
      ),
    };
  },

  hiddenRead(row: number, wording?: Wording): Problem {
    const given = remedy('includeHiddenGiven', wording);
    return {
      severity: 'warning',
      code: 'HIDDEN_ROW_READ',
      row,
      message: localized(
        `Fila ${row}: la fila está oculta o filtrada en la hoja; se lee porque ${given.es}`,
        `Row ${row}: the row is hidden or filtered out in the sheet; it is read because ${given.en}`,
      ),
    };
  },
} as const;
