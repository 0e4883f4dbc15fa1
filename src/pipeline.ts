import type { Lang } from './i18n/localized-text.js';
import type { GroupItem, InvoiceDraft, OrphanRows } from './invoice/invoice-draft.js';
import type { InvoiceOutcome } from './invoice/invoice-outcome.js';
import type { InvoiceStatus } from './invoice/invoice-status.js';
import type { ValidatedInvoice } from './invoice/validate-invoice.js';
import type { SendableInvoice, Submission, SubmitResult } from './submit/submission.js';
import { serviceTotalProblem } from './invoice/service-total-problem.js';

/**
 * The composition of the flow (docs/architecture.md, "The flow"): grouped drafts → validated invoices → (submitted) outcomes,
 * yielded in the sheet's order. `validate` and `submit` are the same pipeline, with or without a
 * `submission`. The stages are passed in, so the composition is tested with real stages.
 */

export interface PipelineStages {
  /** Grouping's items, in batches (group-invoices.ts). */
  readonly groups: AsyncIterable<readonly GroupItem[]>;
  readonly validate: (draft: InvoiceDraft) => ValidatedInvoice;
  /**
   * Whether this run handles the draft (`--issuer`): one it does not is LEFT_OUT, neither checked
   * nor sent. Absent: every draft.
   */
  readonly include?: (draft: InvoiceDraft) => boolean;
  /** The issuer RUC of a draft left out (for its outcome row). */
  readonly issuerOf?: (draft: InvoiceDraft) => string | undefined;
  /** Absent in a dry run. */
  readonly submission?: Submission;
  /** Once aborted, valid invoices not yet sent become NOT_SENT (the rest of the sheet is still read and checked). */
  readonly signal?: AbortSignal;
  readonly lang: Lang;
}

/**
 * One invoice's outcome, or rows of none. A dry run's VALID outcome carries the invoice it checked
 * (`checked`: its draft, and its document when an issuer is known), for the journal's word on it as
 * a submission would say it (run-import.ts).
 */
export type PipelineEvent = { readonly kind: 'outcome'; readonly outcome: InvoiceOutcome; readonly checked?: ValidatedInvoice } | OrphanRows;

type Prepared = { readonly kind: 'done'; readonly event: PipelineEvent } | { readonly kind: 'send'; readonly invoice: SendableInvoice };

/** What an outcome row is made of: a validated invoice, or a draft the run left out (not checked: no receptor, totals or problems). */
type OutcomeSource = Pick<ValidatedInvoice, 'draft' | 'problems' | 'issuerRuc' | 'moneda' | 'totals'> & { readonly receptor?: ValidatedInvoice['receptor'] };

/** The outcome row of an invoice with the given status. */
export function outcomeOf(invoice: OutcomeSource, status: InvoiceStatus, extra?: Partial<InvoiceOutcome>): InvoiceOutcome {
  return {
    ...(invoice.issuerRuc !== undefined ? { emisorRuc: invoice.issuerRuc } : {}),
    serie: invoice.draft.serie,
    numero: invoice.draft.numero,
    rows: invoice.draft.rows,
    ...(invoice.receptor !== undefined ? { receptor: invoice.receptor } : {}),
    ...(invoice.moneda !== undefined ? { moneda: invoice.moneda } : {}),
    ...(invoice.totals ? { totals: invoice.totals } : {}),
    status,
    problems: invoice.problems,
    attempts: 0,
    ...extra,
  };
}

function submitted(invoice: OutcomeSource, r: SubmitResult, lang: Lang): InvoiceOutcome {
  const own = 'problems' in r && r.problems ? [...invoice.problems, ...r.problems] : invoice.problems;
  // Issued with another total than the sheet's: said at the invoice, as a warning (it is issued).
  const differs =
    r.status === 'ACCEPTED' && r.answer?.body !== undefined && invoice.totals !== undefined
      ? serviceTotalProblem({ serie: invoice.draft.serie, numero: invoice.draft.numero, row: invoice.draft.rows[0] }, invoice.totals, r.answer.body)
      : undefined;
  const problems = differs === undefined ? own : [...own, differs];
  return outcomeOf(invoice, r.status, {
    problems,
    attempts: r.attempts,
    ...('answer' in r && r.answer !== undefined ? { answer: r.answer } : {}),
    ...(r.note !== undefined ? { note: r.note[lang] } : {}),
    ...('durationMs' in r ? { durationMs: r.durationMs } : {}),
  });
}

/**
 * Runs the pipeline; yields one event per invoice (or per run of orphan rows), in the sheet's
 * order. Grouping's batches end here: the run takes the events one by one (one async step per
 * invoice, not per row and stage), and the invoices are checked as they are taken.
 */
export async function* runPipeline(stages: PipelineStages): AsyncIterable<PipelineEvent> {
  const { submission, signal, lang } = stages;

  /** What becomes of one item: finished here, or to be sent. */
  const prepareOne = (item: GroupItem): Prepared => {
    if (item.kind === 'orphan') return { kind: 'done', event: item };
    if (stages.include !== undefined && !stages.include(item)) {
      const ruc = stages.issuerOf?.(item);
      const invoice = { draft: item, problems: [], ...(ruc !== undefined ? { issuerRuc: ruc } : {}) };
      // Left out of this run, but issued before: said as issued, not as waiting for its issuer's run.
      const before = ruc === undefined ? undefined : submission?.acceptedBefore(ruc, item.serie, item.numero);
      const left = before === undefined ? outcomeOf(invoice, 'LEFT_OUT') : submitted(invoice, before, lang);
      return { kind: 'done', event: { kind: 'outcome', outcome: left } };
    }
    const checked = stages.validate(item);
    const { document } = checked;
    if (!checked.valid) return { kind: 'done', event: { kind: 'outcome', outcome: outcomeOf(checked, 'INVALID') } };
    if (submission === undefined) return { kind: 'done', event: { kind: 'outcome', outcome: outcomeOf(checked, 'VALID'), checked } };
    if (document === undefined) return { kind: 'done', event: { kind: 'outcome', outcome: outcomeOf(checked, 'VALID') } };
    return { kind: 'send', invoice: { ...checked, document } };
  };

  if (submission === undefined) {
    // A dry run finishes every invoice as it is prepared, in the sheet's order: no work to wait
    // for and nothing to put back in order, so no further stage.
    // Ctrl-C stops taking invoices: a dry run has nothing in flight, so it stops reading at once
    // (leaving the loop closes the reader) and the run writes what it checked, marked interrupted.
    for await (const batch of stages.groups) {
      for (const item of batch) {
        if (signal?.aborted === true) return;
        const p = prepareOne(item);
        yield p.kind === 'done' ? p.event : { kind: 'outcome', outcome: outcomeOf(p.invoice, 'NOT_SENT') };
      }
    }
    return;
  }

  // Sending: invoices one at a time, as the dispatcher takes them (it bounds what is in flight).
  async function* prepare(): AsyncIterable<Prepared> {
    for await (const batch of stages.groups) for (const item of batch) yield prepareOne(item);
  }

  const work = async (p: Prepared): Promise<PipelineEvent> => {
    if (p.kind === 'done') return p.event;
    if (signal?.aborted === true) {
      // Stopped: nothing more is sent, but what the journal already settles is said (an issued invoice is OMITIDO).
      const settled = submission.settled(p.invoice);
      return { kind: 'outcome', outcome: settled === undefined ? outcomeOf(p.invoice, 'NOT_SENT') : submitted(p.invoice, settled, lang) };
    }
    return { kind: 'outcome', outcome: submitted(p.invoice, await submission.submit(p.invoice), lang) };
  };

  // The dispatcher hands the results back in the sheet's order (holding a bounded window of those that finished early).
  for await (const r of submission.dispatch(prepare(), work)) yield r.result;
}
