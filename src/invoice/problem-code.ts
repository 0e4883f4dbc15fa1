import type { InvoiceStatus } from './invoice-status.js';

/**
 * Every machine code a Problem can carry. They are stable: the results workbook's `Errores`
 * sheet shows them and users filter by them. A new problem adds its code here; a typo in a code
 * is a type error instead of a new code nobody filters for.
 */
export type ProblemCode = SheetProblemCode | CellProblemCode | GroupingProblemCode | InvoiceProblemCode | SubmissionProblemCode;

/** About the file as a whole (src/sheet/: readers, header detection). Warnings. */
export type SheetProblemCode =
  | 'DATA_ON_OTHER_SHEET'
  | 'OTHER_SHEETS_NOT_READ'
  | 'DATES_MONTH_FIRST'
  | 'DOCUMENT_KIND_COLUMN'
  | 'ENCODING_UTF_16'
  | 'ENCODING_WINDOWS_1252'
  | 'HIDDEN_ROWS_IN_INVOICE'
  | 'HIDDEN_ROWS_SKIPPED'
  | 'HIDDEN_ROW_READ'
  | 'HIDDEN_SHEETS_SKIPPED'
  | 'HIDDEN_SHEET_READ'
  | 'INVOICE_KEY_SPLIT'
  | 'LINE_AMOUNT_AS_UNIT_VALUE'
  | 'MAPPED_COLUMN_NOT_FOUND'
  | 'RAGGED_ROW'
  | 'REFERENCE_COLUMNS'
  | 'TEXT_NAMED_XLSX'
  | 'TITLE_ROWS_SKIPPED'
  | 'TOTALS_ROW_SKIPPED'
  | 'TWO_ROW_HEADER'
  | 'HEADER_ROW_REPEATED'
  | 'UNIT_PRICE_WITHOUT_IGV'
  | 'UNKNOWN_COLUMNS';

/** A cell that cannot be read as its column's kind of value (src/sheet/normalize-*.ts). */
export type CellProblemCode =
  | 'AMBIGUOUS_DECIMAL'
  | 'CELL_ERROR'
  | 'CONTROL_CHARACTER'
  | 'GARBLED_TEXT'
  | 'FORMULA_WITHOUT_RESULT'
  | 'INVALID_DATE'
  | 'INVALID_IDENTITY'
  | 'INVOICE_KEY_NOT_SPLIT'
  | 'INVISIBLE_CHARACTER_REMOVED'
  | 'INVALID_TIME'
  | 'LOST_LEADING_ZERO'
  | 'MIXED_DECIMAL_SEPARATOR'
  | 'NOT_A_NUMBER'
  | 'NOT_A_WHOLE_NUMBER'
  | 'SCIENTIFIC_NOTATION'
  | 'SCIENTIFIC_NOTATION_READ'
  | 'UNEXPECTED_BOOLEAN';

/** Rows that do not make an invoice (src/invoice/invoice-grouper.ts). */
export type GroupingProblemCode =
  | 'CONFLICTING_INVOICE_VALUE'
  | 'INCOMPLETE_INVOICE_KEY'
  | 'INVOICE_KEY_REPEATED'
  | 'INVOICE_KEY_SPLIT'
  | 'INVOICE_ISSUER_DISAGREES'
  | 'INVOICE_MAY_MISS_ROW'
  | 'ONE_UNIT_SEVERAL_LINES'
  | 'ROW_WITHOUT_INVOICE';

/** The amounts whose SUNAT digit limits are checked (src/invoice/rules/amount-rules.ts). */
export type AmountName = 'QUANTITY' | 'UNIT_VALUE';

/** An invoice that breaks the contract or SUNAT's rules (src/invoice/rules/, resolve and validate). */
export type InvoiceProblemCode =
  | `${AmountName}_${'INTEGER' | 'DECIMAL'}_DIGITS`
  | 'CREDIT_TERM_NOT_SENT'
  | 'DESCRIPTION_TOO_LONG'
  | 'DISCOUNT_NOT_SENT'
  | 'DNI_FORMAT'
  | 'DOCUMENT_KIND_UNKNOWN'
  | 'DOCUMENT_SHAPE'
  | 'IDENTITY_DOCUMENT_FORMAT'
  | 'INVALID_EMAIL'
  | 'INVOICE_TOTAL_ZERO'
  | 'ISSUE_DATE_IN_FUTURE'
  | 'ISSUE_DATE_OUTSIDE_SUNAT_WINDOW'
  | 'LEGAL_NAME_TOO_LONG'
  | 'MISSING_VALUE'
  | 'NO_LINES'
  | 'NOT_AN_INVOICE'
  | 'NUMERO_FORMAT'
  | 'PRICE_CURRENCY_MISMATCH'
  | 'TITLE_CURRENCY_MISMATCH'
  | 'PRODUCT_CODE_TOO_LONG'
  | 'QUANTITY_NOT_POSITIVE'
  | 'RECEPTOR_DOCUMENT_TYPE_UNKNOWN'
  | 'RECEPTOR_RUC_REQUIRED'
  | 'REPEATED_LINE'
  | 'RUC_CHECK_DIGIT'
  | 'RUC_FORMAT'
  | 'RUC_LETTER_FOR_DIGIT'
  | 'RUC_PREFIX'
  | 'SERIE_FORMAT'
  | 'SHEET_TOTAL_MISMATCH'
  | 'SHEET_TOTAL_MISMATCH_IGV'
  | 'TRADE_NAME_TOO_LONG'
  | 'UBIGEO_FORMAT'
  | 'UNIT_VALUE_NEGATIVE'
  | 'UNIT_VALUE_ZERO'
  | 'UNKNOWN_CATALOGUE_VALUE'
  | 'VOIDED_SALE';

/** What sending said (src/submit/, and the service's word on an invoice as a problem line). */
export type SubmissionProblemCode =
  | 'ALREADY_ISSUED'
  | 'ALREADY_ISSUED_WITH_OTHER_CONTENT'
  | 'ALREADY_ISSUED_BY_ANOTHER_ISSUER'
  | 'ISSUED_INVOICE_RENUMBERED'
  | 'SERVICE_TOTAL_DIFFERS'
  | `SERVICE_${InvoiceStatus}`;
