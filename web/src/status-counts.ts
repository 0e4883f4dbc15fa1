import type { CheckView } from './api-client.js';
import { STATUSES_ISSUED, STATUSES_TO_SEND } from '../../src/web/workspace-api.js';

/** How many of the check's invoices have one of these statuses. */
export const countByStatus = (check: CheckView, ...statuses: string[]): number =>
  check.byStatus.filter((s) => statuses.includes(s.status)).reduce((n, s) => n + s.count, 0);

/** The invoices a submission would send: valid and not yet accepted (never sent, stopped, left out of a one-issuer run, or with no final answer). */
export const toSend = (check: CheckView): number => countByStatus(check, ...STATUSES_TO_SEND);

/**
 * The invoices a submission would send now: those above. The valid ones a check found issued already
 * in the workspace's journal (from this sheet or another) are SKIPPED, not among them (check.issuedBefore).
 */
export const toSendNow = (check: CheckView): number => toSend(check);

/** The invoices the journal already shows as accepted (this run or an earlier one): STATUSES_ISSUED. */
export const alreadyAccepted = (check: CheckView): number => countByStatus(check, ...STATUSES_ISSUED);
