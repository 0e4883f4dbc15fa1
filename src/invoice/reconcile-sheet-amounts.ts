import type { LocalizedText } from '../i18n/localized-text.js';
import { Decimal } from 'decimal.js';
import { localized } from '../i18n/localized-text.js';
import type { DraftLine, InvoiceDraft } from './invoice-draft.js';
import type { InvoiceTotals } from './invoice-outcome.js';
import type { SheetAmounts } from './line-record.js';
import type { Problem } from './problem.js';
import type { Wording } from '../remedies.js';
import { remedy } from '../remedies.js';
import type { TipoRegistro } from './compute-totals.js';

/** The amounts compared with the invoice's totals (a discount is discount-problems.ts's). */
const KINDS = ['total', 'base', 'igv', 'amount'] as const satisfies readonly (keyof SheetAmounts)[];
type ComparedKind = (typeof KINDS)[number];

const WHAT: Readonly<Record<ComparedKind, LocalizedText>> = {
  total: localized('el total (con IGV)', 'the total (with IGV)'),
  base: localized('la base sin IGV', 'the base without IGV'),
  igv: localized('el IGV', 'the IGV'),
  amount: localized('el importe', 'the amount'),
};

/** What each kind of column is compared with: an «Importe» agrees with the total or the base. */
function targets(kind: ComparedKind, totals: InvoiceTotals): string[] {
  return kind === 'amount' ? [totals.total, totals.base] : [totals[kind]];
}

/** An IGV column that holds the rate on every row (18, 0.18), not an amount: nothing to compare. */
function isRate(values: readonly Decimal[]): boolean {
  return values.every((v) => v.eq(18) || v.eq('0.18'));
}

/** Whether a sheet amount reads as zero («0», «0.00»). */
const isZero = (value: string): boolean => new Decimal(value).isZero();

const cents = (value: string | Decimal): string => new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/**
 * The invoice against the amounts its own sheet carries (Total, Subtotal, IGV columns), to the cent.
 * Such a column may hold each line's amount (their sum is the invoice's) or the invoice's amount on
 * every row or only on its first: it agrees when either reading equals what we computed. A
 * disagreement is an error at the first row carrying the amount (or at the first line the sheet
 * gives IGV 0 while naming no tax treatment for it, saying that such a line is read as taxed), in
 * that column; when the other
 * price convention (`alternative`: unit values with IGV instead of without, or the reverse) would
 * give exactly the sheet's amount, the message says so and names the --tipo-registro to use.
 * `alternative` is worked out only for a disagreement (an invoice that agrees never needs it).
 */
export function reconcileSheetAmounts(
  draft: InvoiceDraft,
  computed: InvoiceTotals,
  alternative: () => InvoiceTotals,
  tipoRegistro: TipoRegistro,
  wording?: Wording,
): Problem[] {
  const problems: Problem[] = [];
  // Worked out at most once, for the first column that disagrees.
  let alternativeTotals: InvoiceTotals | undefined;
  // Lines whose own IGV the sheet gives as zero while the sheet names no tax treatment for them:
  // read as taxed (the treatment's default), they are most likely exonerated or unaffected lines.
  // Looked for only on a disagreement (an invoice that agrees never needs them).
  let untaxedLines: DraftLine[] | undefined;
  const untaxed = (): DraftLine[] =>
    (untaxedLines ??= draft.lines.filter((l) => l.values.tipoAfectacion === undefined && l.sheetAmounts?.igv !== undefined && isZero(l.sheetAmounts.igv)));
  for (const kind of KINDS) {
    const carried = draft.lines.filter((l) => l.sheetAmounts?.[kind] !== undefined);
    const first = carried[0];
    const header = first?.sheetAmountHeaders?.[kind];
    if (first === undefined || header === undefined) continue;
    const values = carried.map((l) => new Decimal(l.sheetAmounts?.[kind] ?? '0'));
    if (kind === 'igv' && isRate(values)) continue;
    const sum = values.reduce((a, b) => a.plus(b), new Decimal(0));
    const repeated = values.length > 1 && values.every((v) => v.eq(values[0] ?? 0)) ? values[0] : undefined;
    const readings = repeated === undefined ? [cents(sum)] : [cents(sum), cents(repeated)];
    if (targets(kind, computed).some((t) => readings.includes(t))) continue;
    const shown = repeated !== undefined && !readings.includes(cents(sum)) ? cents(repeated) : (readings[0] ?? cents(sum));
    const other: TipoRegistro = tipoRegistro === 'PRECIOS_SIN_IGV' ? 'PRECIOS_CON_IGV' : 'PRECIOS_SIN_IGV';
    const otherFits = kind !== 'amount' && readings.includes((alternativeTotals ??= alternative())[kind]);
    const expected = kind === 'amount' ? computed.total : computed[kind];
    const diff = new Decimal(expected).minus(shown).abs().toFixed(2);
    const invoice = `${draft.serie}-${draft.numero}`;
    const zeroIgv = !otherFits && kind !== 'base' ? untaxed()[0] : undefined;
    const zeroIgvLines = zeroIgv === undefined ? [] : untaxed();
    const rows = zeroIgvLines.map((l) => l.row).join(', ');
    const hint = zeroIgv
      ? localized(
          ` ${zeroIgvLines.length === 1 ? `La fila ${rows} trae` : `Las filas ${rows} traen`} IGV 0 en «${zeroIgv.sheetAmountHeaders?.igv ?? 'IGV'}», pero la hoja no tiene una columna «Tipo de afectación», y sin ella cada línea se trata como gravada (18 %). Si esas líneas son exoneradas o inafectas, agregue en su hoja una columna «Tipo de afectación» con «Exonerado» o «Inafecto» en esas filas, y revise la hoja otra vez.`,
          ` ${zeroIgvLines.length === 1 ? `Row ${rows} has` : `Rows ${rows} have`} IGV 0 in "${zeroIgv.sheetAmountHeaders?.igv ?? 'IGV'}", but the sheet has no «Tipo de afectación» column, and without it every line is taxed (18%). If those lines are exonerated or unaffected, add a «Tipo de afectación» column to your sheet with «Exonerado» or «Inafecto» on those rows, and check the sheet again.`,
        )
      : !otherFits
        ? localized(' Revise las cantidades y los precios de la factura.', ' Check the invoice quantities and prices.')
        : other === 'PRECIOS_CON_IGV'
          ? localized(
              ` La diferencia es justo el IGV (18 %): los valores unitarios parecen incluir el IGV. ${remedy('totalSaysWithIgv', wording).es} si en cambio «${header}» es el importe sin IGV, renombre esa columna (por ejemplo «Valor venta»).`,
              ` The difference is exactly the IGV (18%): the unit values seem to include IGV. ${remedy('totalSaysWithIgv', wording).en} if instead "${header}" is the amount without IGV, rename that column (for example «Valor venta»).`,
            )
          : localized(
              ` La diferencia es justo el IGV (18 %): los valores unitarios parecen no incluir el IGV. ${remedy('totalSaysWithoutIgv', wording).es}`,
              ` The difference is exactly the IGV (18%): the unit values seem not to include IGV. ${remedy('totalSaysWithoutIgv', wording).en}`,
            );
    // The row to look at: the first line the sheet gives without IGV, when that is the likely cause.
    const at = zeroIgv?.row ?? first.row;
    problems.push({
      severity: 'error',
      code: otherFits ? 'SHEET_TOTAL_MISMATCH_IGV' : 'SHEET_TOTAL_MISMATCH',
      row: at,
      column: header,
      value: shown,
      message: localized(
        kind === 'amount'
          ? `Fila ${at}, «${header}»: según cantidades y valores unitarios, la factura ${invoice} suma ${computed.total} con IGV (${computed.base} sin IGV), pero la hoja dice ${shown}; no se envía una factura que no cuadra con la hoja.${hint.es}`
          : `Fila ${at}, «${header}»: según cantidades y valores unitarios, ${WHAT[kind].es} de la factura ${invoice} es ${expected}, pero la hoja dice ${shown} (diferencia ${diff}); no se envía una factura que no cuadra con la hoja.${hint.es}`,
        kind === 'amount'
          ? `Row ${at}, "${header}": from quantities and unit values, invoice ${invoice} totals ${computed.total} with IGV (${computed.base} without), but the sheet says ${shown}; an invoice that does not match its sheet is not sent.${hint.en}`
          : `Row ${at}, "${header}": from quantities and unit values, ${WHAT[kind].en} of invoice ${invoice} is ${expected}, but the sheet says ${shown} (difference ${diff}); an invoice that does not match its sheet is not sent.${hint.en}`,
      ),
    });
  }
  return problems;
}

/** An invoice whose total is zero after rounding to cents: never valid. */
export function zeroTotalProblem(draft: InvoiceDraft, totals: InvoiceTotals): Problem | undefined {
  // totals.total is Decimal#toFixed(2) text: zero is only ever written "0.00" (no sign), so the
  // text is compared instead of parsing a Decimal for every invoice.
  if (totals.total !== '0.00') return undefined;
  const row = draft.rows[0] ?? 0;
  const invoice = `${draft.serie}-${draft.numero}`;
  return {
    severity: 'error',
    code: 'INVOICE_TOTAL_ZERO',
    row,
    column: 'valorVentaUnitario',
    value: totals.total,
    message: localized(
      `Fila ${row}: la factura ${invoice} suma ${totals.total} al redondear a céntimos; una factura de cero no se envía. Revise las cantidades y los valores unitarios.`,
      `Row ${row}: invoice ${invoice} totals ${totals.total} once rounded to cents; an invoice of zero is not sent. Check the quantities and unit values.`,
    ),
  };
}
