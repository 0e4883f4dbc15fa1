import { amountRules } from './amount-rules.js';
import { contactRules } from './contact-rules.js';
import { dateRules } from './date-rules.js';
import { identityDocumentRules } from './identity-document-rules.js';
import { invoiceKeyRules } from './invoice-key-rules.js';
import type { InvoiceRule } from './invoice-rule.js';
import { repeatedLineRules } from './repeated-line-rules.js';
import { requiredValueRules } from './required-value-rules.js';
import { textLengthRules } from './text-length-rules.js';
import { voidedSaleRules } from './voided-sale-rules.js';

/** Every business rule, in the order their problems are listed. Currency is checked by its catalogue (resolve-invoice.ts). */
export const ALL_RULES: readonly InvoiceRule[] = [
  requiredValueRules,
  voidedSaleRules,
  invoiceKeyRules,
  dateRules,
  identityDocumentRules,
  contactRules,
  textLengthRules,
  amountRules,
  repeatedLineRules,
];
