import { localized } from '../i18n/localized-text.js';
import type { Problem } from '../invoice/problem.js';
import type { ColumnName } from '../invoice/canonical-columns.js';

/** An issued invoice's key before an edit and after it. */
export interface Renumbering {
  readonly row: number;
  /** The key column the edit changed (the first that differs: serie, número, RUC emisor). */
  readonly column: Extract<ColumnName, 'serie' | 'numero' | 'emisorRuc'>;
  readonly before: { readonly serie: string; readonly numero: string; readonly emisorRuc?: string };
  readonly after: { readonly serie: string; readonly numero: string; readonly emisorRuc?: string };
}

const shown = (k: Renumbering['before']): string => `${k.serie}-${k.numero}${k.emisorRuc !== undefined ? ` (RUC emisor ${k.emisorRuc})` : ''}`;
const COLUMN_WORDS: Record<Renumbering['column'], { readonly es: string; readonly en: string }> = {
  serie: { es: 'la serie', en: 'the series' },
  numero: { es: 'el número', en: 'the number' },
  emisorRuc: { es: 'el RUC emisor', en: 'the issuer RUC' },
};

/**
 * The error of an invoice whose key was edited away from an invoice the journal shows issued: sent
 * under its new number, the same sale would be issued twice. Held at the edited cell.
 */
export function renumberedIssuedProblem(r: Renumbering): Problem {
  const words = COLUMN_WORDS[r.column];
  return {
    severity: 'error',
    code: 'ISSUED_INVOICE_RENUMBERED',
    row: r.row,
    column: r.column,
    value: shown(r.after),
    message: localized(
      `Esta fila era de la factura ${shown(r.before)}, que ya fue emitida; con el cambio de ${words.es} se enviaría como ${shown(r.after)} y la misma venta quedaría emitida dos veces. Deshaga el cambio. Para corregir una factura emitida, emita una nota de crédito con su sistema; si es otra venta, escríbala en una fila nueva.`,
      `This row belonged to invoice ${shown(r.before)}, which was already issued; with the change of ${words.en} it would be sent as ${shown(r.after)} and the same sale would be issued twice. Undo the change. To correct an issued invoice, issue a credit note with your system; if it is another sale, write it in a new row.`,
    ),
  };
}
