import { localized } from '../i18n/localized-text.js';
import { buildDocumentBody, withEmisor } from './build-document.js';
import type { TotalsLine } from './compute-totals.js';
import { computeInvoiceTotals } from './compute-totals.js';
import { issuerBlockAccepted, rulesCoverDocumentBody } from './document-schema-coverage.js';
import type { FacturaDocument } from './factura-document.js';
import { facturaDocumentBodySchemaFor, facturaDocumentSchemaFor } from './factura-document.js';
import type { InvoiceDraft } from './invoice-draft.js';
import type { InvoiceTotals } from './invoice-outcome.js';
import { discountProblems } from './discount-problems.js';
import { reconcileSheetAmounts, zeroTotalProblem } from './reconcile-sheet-amounts.js';
import { priceCurrencyProblems } from './price-currency-problems.js';
import type { Problem } from './problem.js';
import { hasErrors } from './problem.js';
import type { ResolvedInvoice } from './resolve-invoice.js';
import { resolveInvoice } from './resolve-invoice.js';
import { ALL_RULES } from './rules/all-rules.js';
import { whyNotIssued } from './why-not-issued.js';
import { canonicalDecimal } from './rules/amount-rules.js';
import type { ValidationContext } from './validation-context.js';

export interface ValidatedInvoice {
  readonly draft: InvoiceDraft;
  /** Present only when there are no errors and an issuer is configured. */
  readonly document?: FacturaDocument;
  /** Present when every line's amounts could be read (even if other errors block the invoice). */
  readonly totals?: InvoiceTotals;
  /** The draft's problems (cells, grouping), then resolution and rule problems. */
  readonly problems: readonly Problem[];
  /** No errors (warnings allowed). Independent of the issuer. */
  readonly valid: boolean;
  /** True in a dry run without an issuer: everything else was checked, no document was built. */
  readonly issuerMissing: boolean;
  /** The issuer's RUC: the sheet's `emisorRuc`, else the context's issuer; absent when neither says. */
  readonly issuerRuc?: string;
  /** Resolved currency (`PEN`…), for summaries by currency. */
  readonly moneda?: string;
  /** Resolved customer, for the results workbook. */
  readonly receptor: { readonly tipo?: string; readonly numero?: string; readonly nombre?: string };
}

/**
 * Validate one invoice draft: defaults and catalogues, every business rule, totals, and, when it
 * is valid, the document the zod schema accepts (with the issuer when there is one): proven by the
 * rules where document-schema-coverage.ts can, parsed by the schema otherwise.
 * Reports every problem, never throws for a bad sheet.
 */
export function validateInvoice(draft: InvoiceDraft, context: ValidationContext): ValidatedInvoice {
  const { invoice, problems: resolveProblems } = resolveInvoice(draft, context);
  let problems: Problem[] = [];
  append(problems, draft.problems);
  append(problems, resolveProblems);
  // The context is the rules' context too (it holds `today`): no object per rule and invoice.
  for (const rule of ALL_RULES) append(problems, rule(invoice, context));
  if (draft.lines.some((l) => l.priceCurrency !== undefined)) append(problems, priceCurrencyProblems(draft, invoice.header.moneda));
  if (draft.lines.some((l) => l.sheetAmounts?.discount !== undefined)) append(problems, discountProblems(draft));

  const lineTotals = totalLinesOf(invoice);
  const totals = lineTotals === undefined ? undefined : computeInvoiceTotals(lineTotals, context.close2u.tipoRegistro);
  if (lineTotals !== undefined && totals !== undefined) {
    const zero = zeroTotalProblem(draft, totals);
    // A zero price or quantity already says why; the zero total is for amounts that round away.
    if (zero !== undefined && !problems.some((p) => p.code === 'UNIT_VALUE_ZERO' || p.code === 'QUANTITY_NOT_POSITIVE')) problems.push(zero);
    if (draft.lines.some((l) => l.sheetAmounts !== undefined)) {
      const other = context.close2u.tipoRegistro === 'PRECIOS_SIN_IGV' ? 'PRECIOS_CON_IGV' : 'PRECIOS_SIN_IGV';
      problems.push(...reconcileSheetAmounts(draft, totals, () => computeInvoiceTotals(lineTotals, other), context.close2u.tipoRegistro, context.wording));
    }
  }
  // A boleta's or a voided sale's rows: the error that says so, not a factura's checks of them.
  const shown = whyNotIssued(problems);
  if (shown !== problems) problems = [...shown];
  // Never a document under another issuer's RUC than the one the sheet names.
  const emisor = context.emisor !== undefined && (draft.emisorRuc === undefined || draft.emisorRuc === context.emisor.ruc) ? context.emisor : undefined;
  const issuerRuc = draft.emisorRuc ?? context.emisor?.ruc;
  let document: FacturaDocument | undefined;
  if (!hasErrors(problems)) {
    // The rules (and, with an issuer, the issuer's own check) prove most invoices' documents to be
    // ones the schema accepts (document-schema-coverage.ts); the rest are parsed.
    const proven = rulesCoverDocumentBody(invoice, context) && (emisor === undefined || issuerBlockAccepted(context.catalogues, emisor));
    if (emisor) {
      const candidate = withEmisor(buildDocumentBody(invoice, context.close2u), emisor);
      const parsed = proven ? undefined : facturaDocumentSchemaFor(context.catalogues).safeParse(candidate);
      if (parsed === undefined || parsed.success) document = candidate;
      else problems.push(...shapeProblems(invoice.firstRow, parsed.error.issues));
    } else if (!proven) {
      // Dry run without an issuer: the body is only built to be checked.
      const parsed = facturaDocumentBodySchemaFor(context.catalogues).safeParse(buildDocumentBody(invoice, context.close2u));
      if (!parsed.success) problems.push(...shapeProblems(invoice.firstRow, parsed.error.issues));
    }
  }
  // Built field by field rather than by spreading `{}` or `{ key }` for each optional field (an
  // object and a copy each, for every invoice); the fields keep the same order.
  const h = invoice.header;
  const receptor: { tipo?: string; numero?: string; nombre?: string } = {};
  if (h.receptorTipoDocumento !== undefined) receptor.tipo = h.receptorTipoDocumento;
  if (h.receptorNumeroDocumento !== undefined) receptor.numero = h.receptorNumeroDocumento;
  if (h.receptorNombreLegal !== undefined) receptor.nombre = h.receptorNombreLegal;
  const validated: Mutable<ValidatedInvoice> = { draft } as Mutable<ValidatedInvoice>;
  if (document !== undefined) validated.document = document;
  if (totals !== undefined) validated.totals = totals;
  validated.problems = problems;
  validated.valid = !hasErrors(problems);
  validated.issuerMissing = emisor === undefined;
  if (issuerRuc !== undefined) validated.issuerRuc = issuerRuc;
  if (h.moneda !== undefined) validated.moneda = h.moneda;
  validated.receptor = receptor;
  return validated;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** `target.push(...items)` without spreading an argument list (most lists here are empty). */
function append(target: Problem[], items: readonly Problem[]): void {
  for (let i = 0; i < items.length; i++) target.push(items[i] as Problem);
}

/** Each line's amounts for the totals, or undefined when one could not be read. */
function totalLinesOf(invoice: ResolvedInvoice): TotalsLine[] | undefined {
  if (invoice.lines.length === 0) return undefined;
  const lines: TotalsLine[] = [];
  for (const line of invoice.lines) {
    const cantidad = line.values.cantidad === undefined ? undefined : canonicalDecimal(line.values.cantidad);
    const valor = line.values.valorVentaUnitario === undefined ? undefined : canonicalDecimal(line.values.valorVentaUnitario);
    const tipoAfectacion = line.values.tipoAfectacion;
    if (cantidad === undefined || valor === undefined || tipoAfectacion === undefined) return undefined;
    lines.push({ cantidad, valorUnitario: valor, tipoAfectacion });
  }
  return lines;
}

/**
 * The schema's refusals of an invoice's document, each a DOCUMENT_SHAPE problem at its first row:
 * the schema found what the rules did not, a gap between the two layers, reported rather than sent.
 */
function shapeProblems(row: number, issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[]): Problem[] {
  return issues.map(({ path, message }) => {
    const where = path.map(String).join('.');
    return {
      severity: 'error',
      code: 'DOCUMENT_SHAPE',
      row,
      value: where,
      message: localized(
        `El documento de la factura no cumple el formato del servicio en «${where}»: ${message}.`,
        `The invoice document does not match the service's format at "${where}": ${message}.`,
      ),
    };
  });
}

/**
 * The document of a draft, when it is valid and an issuer is configured; `undefined` otherwise
 * (validateInvoice says why). A shorthand for `validateInvoice(draft, context).document`.
 */
export function buildDocument(draft: InvoiceDraft, context: ValidationContext): FacturaDocument | undefined {
  return validateInvoice(draft, context).document;
}
