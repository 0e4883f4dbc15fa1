import type { Lang, LocalizedText } from '../i18n/localized-text.js';
import { localized } from '../i18n/localized-text.js';
import { shownAmount } from '../i18n/shown-amount.js';
import { shownCount } from '../i18n/shown-count.js';
import type { InvoiceOutcome } from '../invoice/invoice-outcome.js';
import type { InvoiceStatus } from '../invoice/invoice-status.js';
import { INVOICE_STATUSES, STATUS_LABELS } from '../invoice/invoice-status.js';
import { createAmountSum, type AmountSum } from './amount-sum.js';

/**
 * Statuses whose amounts are totalled: every invoice issued at the service (accepted in this run,
 * or SKIPPED because the journal says an earlier run got it accepted: a finance user reconciling
 * the month counts those too), or (dry run) that would be sent.
 */
export const TOTALLED_STATUSES: readonly InvoiceStatus[] = ['ACCEPTED', 'SKIPPED', 'VALID'];

/** Currency of an invoice that does not name one (the contract's default). */
const DEFAULT_CURRENCY = 'PEN';

export interface CurrencyTotals {
  readonly moneda: string;
  readonly invoices: number;
  /** Exact decimal strings with 2 decimals. */
  readonly base: string;
  readonly igv: string;
  readonly total: string;
}

/** One issuer's share of a run (the sheet's `emisorRuc`, else the default issuer). */
export interface IssuerCounts {
  readonly ruc: string;
  readonly invoices: number;
  readonly byStatus: Readonly<Record<InvoiceStatus, number>>;
  /** As RunCounts.totals, for this issuer's invoices. */
  readonly totals: readonly CurrencyTotals[];
}

/** Statuses a summary counts as fine (done, or would be sent). */
const FINE_STATUSES: readonly InvoiceStatus[] = ['ACCEPTED', 'SKIPPED', 'VALID'];

export interface RunCounts {
  /** Counts and totals per issuer RUC, in order of first appearance (outcomes without a RUC are in no entry). */
  readonly byIssuer: readonly IssuerCounts[];
  readonly invoices: number;
  readonly byStatus: Readonly<Record<InvoiceStatus, number>>;
  /** Totals of the accepted (in this run or an earlier one) or, in a dry run, valid invoices, by currency, sorted by currency. */
  readonly totals: readonly CurrencyTotals[];
  /** Invoices with at least one warning (whatever their status). */
  readonly withWarnings: number;
}

export interface SummaryAccumulator {
  add(outcome: InvoiceOutcome): void;
  result(): RunCounts;
}

interface Sums {
  invoices: number;
  readonly base: AmountSum;
  readonly igv: AmountSum;
  readonly total: AmountSum;
}

/** A pure accumulator over the outcomes of a run; memory is one counter per status and currency (and per issuer). */
export function createSummary(): SummaryAccumulator {
  const whole = createCounts();
  const issuers = new Map<string, ReturnType<typeof createCounts>>();
  return {
    add(outcome) {
      whole.add(outcome);
      if (outcome.emisorRuc === undefined) return;
      let own = issuers.get(outcome.emisorRuc);
      if (own === undefined) {
        own = createCounts();
        issuers.set(outcome.emisorRuc, own);
      }
      own.add(outcome);
    },
    result() {
      const byIssuer = [...issuers.entries()].map(([ruc, c]) => {
        const r = c.result();
        return { ruc, invoices: r.invoices, byStatus: r.byStatus, totals: r.totals };
      });
      return { byIssuer, ...whole.result() };
    },
  };
}

function createCounts(): { add(outcome: InvoiceOutcome): void; result(): Omit<RunCounts, 'byIssuer'> } {
  const byStatus = Object.fromEntries(INVOICE_STATUSES.map((s) => [s, 0])) as Record<InvoiceStatus, number>;
  const sums = new Map<string, Sums>();
  let invoices = 0;
  let withWarnings = 0;
  return {
    add(outcome) {
      invoices += 1;
      byStatus[outcome.status] += 1;
      if (outcome.problems.some((p) => p.severity === 'warning')) withWarnings += 1;
      if (outcome.totals && TOTALLED_STATUSES.includes(outcome.status)) {
        const moneda = outcome.moneda ?? DEFAULT_CURRENCY;
        let s = sums.get(moneda);
        if (s === undefined) sums.set(moneda, (s = { invoices: 0, base: createAmountSum(), igv: createAmountSum(), total: createAmountSum() }));
        s.invoices += 1;
        s.base.add(outcome.totals.base);
        s.igv.add(outcome.totals.igv);
        s.total.add(outcome.totals.total);
      }
    },
    result() {
      const totals = [...sums.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([moneda, s]) => ({ moneda, invoices: s.invoices, base: s.base.text(), igv: s.igv.text(), total: s.total.text() }));
      return { invoices, byStatus: { ...byStatus }, totals, withWarnings };
    },
  };
}

/** Files a run wrote, for the summary's last lines. */
export interface SummaryPaths {
  readonly results?: string;
  readonly fixAndResend?: string;
  readonly journal?: string;
}

const WORDS = {
  status: localized('Estado', 'Status'),
  invoices: localized('Comprobantes', 'Invoices'),
  total: localized('Total', 'Total'),
  currency: localized('Moneda', 'Currency'),
  base: localized('Base', 'Net'),
  igv: localized('IGV', 'IGV'),
  withWarnings: localized('Con advertencias', 'With warnings'),
  noTotals: localized(
    'Sin importes: ningún comprobante aceptado (en esta ejecución ni en una anterior) ni válido.',
    'No amounts: no invoice accepted (in this run or an earlier one) or valid.',
  ),
  uncertain: (n: string, one: boolean): LocalizedText =>
    one
      ? localized(
          `1 comprobante INCIERTO: se envió y no llegó la respuesta, así que puede estar emitido. Ejecute el mismo comando otra vez sin cambiar la hoja: el servicio lo confirmará. No lo corrija ni le dé otro número antes.`,
          `1 invoice UNKNOWN: it was sent and its answer never came, so it may be issued. Run the same command again without changing the sheet: the service will confirm it. Do not correct it or give it another number before.`,
        )
      : localized(
          `${n} comprobantes INCIERTOS: se enviaron y no llegó la respuesta, así que pueden estar emitidos. Ejecute el mismo comando otra vez sin cambiar la hoja: el servicio los confirmará. No los corrija ni les dé otro número antes.`,
          `${n} invoices UNKNOWN: they were sent and their answers never came, so they may be issued. Run the same command again without changing the sheet: the service will confirm them. Do not correct them or give them another number before.`,
        ),
  results: localized('Resultados', 'Results'),
  issuer: localized('RUC emisor', 'Issuer RUC'),
  fine: localized('Aceptados o válidos', 'Accepted or valid'),
  troubled: localized('Con problemas', 'With problems'),
  fixAndResend: localized('Para corregir', 'To fix'),
  journal: localized('Diario', 'Journal'),
} as const;

/** Invoices of an issuer that are done or would be sent, and those with a problem (another issuer's left out are neither). */
export function issuerStanding(c: Pick<IssuerCounts, 'byStatus'>): { fine: number; troubled: number } {
  let fine = 0;
  let troubled = 0;
  for (const [status, n] of Object.entries(c.byStatus) as [InvoiceStatus, number][]) {
    if (FINE_STATUSES.includes(status)) fine += n;
    else if (status !== 'LEFT_OUT') troubled += n;
  }
  return { fine, troubled };
}

/** A small aligned text table for stdout: counts by status, totals by currency, per issuer when there are several, the paths written. */
export function formatSummary(
  summary: Pick<RunCounts, 'invoices' | 'byStatus' | 'totals' | 'withWarnings'> & { readonly byIssuer?: RunCounts['byIssuer'] },
  lang: Lang,
  paths: SummaryPaths = {},
): string {
  const lines: string[] = [];
  const count = (n: number): string => shownCount(n, lang);
  const amount = (a: string): string => shownAmount(a, lang);
  const statusRows: string[][] = INVOICE_STATUSES.filter((s) => summary.byStatus[s] > 0).map((s) => [STATUS_LABELS[s][lang], count(summary.byStatus[s])]);
  statusRows.push([WORDS.total[lang], count(summary.invoices)]);
  lines.push(...table([WORDS.status[lang], WORDS.invoices[lang]], statusRows, [false, true]));
  if (summary.withWarnings > 0) lines.push(`${WORDS.withWarnings[lang]}: ${count(summary.withWarnings)}`);
  lines.push('');
  if (summary.totals.length === 0) lines.push(WORDS.noTotals[lang]);
  else {
    const rows = summary.totals.map((t) => [t.moneda, count(t.invoices), amount(t.base), amount(t.igv), amount(t.total)]);
    lines.push(
      ...table([WORDS.currency[lang], WORDS.invoices[lang], WORDS.base[lang], WORDS.igv[lang], WORDS.total[lang]], rows, [false, true, true, true, true]),
    );
  }
  const uncertain = summary.byStatus.UNKNOWN;
  if (uncertain > 0) lines.push('', WORDS.uncertain(count(uncertain), uncertain === 1)[lang]);
  const issuers = summary.byIssuer ?? [];
  if (issuers.length > 1) {
    lines.push('');
    const rows = issuers.map((c) => {
      const { fine, troubled } = issuerStanding(c);
      const amounts = c.totals.map((t) => `${t.moneda} ${amount(t.total)}`).join('; ');
      return [c.ruc, count(c.invoices), count(fine), count(troubled), amounts === '' ? '-' : amounts];
    });
    lines.push(
      ...table([WORDS.issuer[lang], WORDS.invoices[lang], WORDS.fine[lang], WORDS.troubled[lang], WORDS.total[lang]], rows, [false, true, true, true, true]),
    );
  }
  const written = (['results', 'fixAndResend', 'journal'] as const).filter((k) => paths[k] !== undefined);
  if (written.length > 0) {
    lines.push('');
    const width = Math.max(...written.map((k) => WORDS[k][lang].length));
    for (const k of written) lines.push(`${WORDS[k][lang].padEnd(width)}  ${paths[k] ?? ''}`);
  }
  return lines.join('\n') + '\n';
}

function table(header: readonly string[], rows: readonly (readonly string[])[], right: readonly boolean[]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const fmt = (cells: readonly string[]): string =>
    cells
      .map((c, i) => (right[i] === true ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [fmt(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(fmt)];
}
