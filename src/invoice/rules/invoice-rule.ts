import type { Problem } from '../problem.js';
import type { ResolvedInvoice } from '../resolved-invoice.js';

export interface RuleContext {
  /** Today in Lima, `YYYY-MM-DD`. */
  readonly today: string;
}

/** A business rule: a pure function reporting every problem it finds (errors block, warnings do not). */
export type InvoiceRule = (invoice: ResolvedInvoice, context: RuleContext) => Problem[];
