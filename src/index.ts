/**
 * factura-import as a library: the one way in for the command line, the web workspace and any
 * program. Nothing here prints or exits; failures that end a run are FacturaError with a literal
 * `code`, per-invoice failures are data in the summary and the results workbook.
 */
export { validateSheet } from './api/validate-sheet.js';
export { submitSheet } from './api/submit-sheet.js';
export { checkLogin } from './api/check-login.js';
export { listIssuers } from './api/list-issuers.js';
export type { IssuerCount, SheetIssuers } from './api/list-issuers.js';
export type { LoginCheck } from './api/check-login.js';
export { startSandbox } from './api/start-sandbox.js';
export { checkRunLimits } from './api/check-run-limits.js';
export type { RunLimitNames, RunLimits } from './api/check-run-limits.js';
export type { PublicSandbox } from './api/start-sandbox.js';
export type { IssuerCredentials, IssuerOptions, ServiceOptions, SheetReadOptions, SubmitOptions, ValidateOptions } from './api/run-options.js';
export type { RunSummary } from './api/run-summary.js';
export { problemCounts } from './api/run-summary.js';
export type { ImportEvent, ImportEventListener, LocatedProblem, WrittenFiles } from './import-event.js';
export { FacturaError, exitCodeFor } from './factura-error.js';
export type { FacturaErrorCode } from './factura-error.js';
export { INVOICE_STATUSES, STATUS_LABELS } from './invoice/invoice-status.js';
export { NEEDS_FIX_STATUSES } from './report/fix-notes.js';
export { messageWithoutPlace } from './report/message-without-place.js';
export { toCellText } from './report/cell-text.js';
export type { InvoiceStatus } from './invoice/invoice-status.js';
export type { InvoiceOutcome, InvoiceTotals, ServiceAnswer } from './invoice/invoice-outcome.js';
export type { RetryWait } from './submit/submission.js';
export type { InvoiceRef } from './submit/retry-waits.js';
export { RetryWaits, retryWaitText } from './submit/retry-waits.js';
export type { Problem } from './invoice/problem.js';
export type { CurrencyTotals, IssuerCounts } from './report/run-summary.js';
export type { ShownProblem, ShownProblemGroup } from './run-import.js';
export type { HeaderColumn, HeaderMap } from './sheet/header-map.js';
export type { CellEdits } from './sheet/apply-cell-edits.js';
export type { ConfigFile } from './config/config-file.js';
export type { SandboxAccount, SandboxFaults, SandboxLedger, SandboxOptions } from './sandbox/start-sandbox.js';
export type { Lang, LocalizedText } from './i18n/localized-text.js';
export { inUserTerms } from './i18n/in-user-terms.js';
export type { UserTerms } from './i18n/in-user-terms.js';
export type { Wording } from './remedies.js';
export type { Logger } from './logger.js';
export type { ValueNames } from './value-names.js';

// For front ends (the command line, the web workspace): reading option files and showing a summary.
export { loadConfigFile } from './config/config-file.js';
export { loadMappingFile, MAPPING_TIPO_REGISTRO } from './sheet/load-mapping-file.js';
export type { MappingRecord } from './sheet/load-mapping-file.js';
export { readMappedHeader } from './sheet/mapped-header.js';
export { formatSummary } from './report/run-summary.js';
export { createAmountSum } from './report/amount-sum.js';
export type { AmountSum } from './report/amount-sum.js';
export { limaDateTime } from './invoice/lima-today.js';
export { isValidRuc } from './invoice/rules/identity-document-rules.js';
export { CANONICAL_COLUMN_LIST, columnLetter, previewSheet } from './api/preview-sheet.js';
export { isPriceWithIgvHeader } from './sheet/price-with-igv-column.js';
export type { CanonicalColumnInfo, PreviewColumn, SheetPreview } from './api/preview-sheet.js';
export { listSheets } from './api/list-sheets.js';
export { mergeJournals, MERGED_SUFFIX } from './api/merge-journals.js';
export { issuedInJournal } from './submit/issued-in-journal.js';
export { journalService, SANDBOX_SERVICE } from './submit/journal-service.js';
export { WORKSPACE_RUN_LABEL } from './submit/judge-run-lock.js';
export { acquireLock } from './submit/run-lock.js';
export type { LockOptions, LockVerdict, LockWording, RunLock, RunLockHolder } from './submit/run-lock.js';
export type { IssuedAt, JournalAcceptance } from './submit/issued-in-journal.js';
export type { JournalMerge } from './api/merge-journals.js';
export type { WorkbookSheet } from './api/list-sheets.js';
