import type { LocalizedText } from '../index.js';
import { STATUS_LABELS } from '../index.js';

/**
 * A status as the page names it: the library's Spanish label (STATUS_LABELS, as the command line and
 * the results workbook say it), but SKIPPED. The workbook's «OMITIDO» stands beside its note (already
 * accepted in an earlier run); a chip or a grid cell «OMITIDO» read alone says «not sent» to an
 * accountant, of invoices that are issued: the page says «ACEPTADO ANTES», in its chips, grid, history
 * and confirmation alike.
 */
export const PAGE_SKIPPED_LABEL = 'ACEPTADO ANTES';

export const pageStatusLabel = (status: string): string =>
  status === 'SKIPPED' ? PAGE_SKIPPED_LABEL : ((STATUS_LABELS as Readonly<Record<string, LocalizedText | undefined>>)[status]?.es ?? status);
