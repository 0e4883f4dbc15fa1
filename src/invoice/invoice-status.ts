import type { LocalizedText } from '../i18n/localized-text.js';
import { localized } from '../i18n/localized-text.js';

/** docs/architecture.md, "Statuses". */
export const INVOICE_STATUSES = ['VALID', 'INVALID', 'ACCEPTED', 'DUPLICATE', 'REJECTED', 'FAILED', 'UNKNOWN', 'SKIPPED', 'NOT_SENT', 'LEFT_OUT'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const STATUS_LABELS: Readonly<Record<InvoiceStatus, LocalizedText>> = {
  VALID: localized('VÁLIDO', 'VALID'),
  INVALID: localized('INVÁLIDO', 'INVALID'),
  ACCEPTED: localized('ACEPTADO', 'ACCEPTED'),
  DUPLICATE: localized('DUPLICADO', 'DUPLICATE'),
  REJECTED: localized('RECHAZADO', 'REJECTED'),
  FAILED: localized('ERROR', 'FAILED'),
  UNKNOWN: localized('INCIERTO', 'UNKNOWN'),
  SKIPPED: localized('OMITIDO', 'SKIPPED'),
  NOT_SENT: localized('NO ENVIADO', 'NOT SENT'),
  /** Another issuer's invoice in a run restricted to one (`--issuer`): neither checked nor sent, not an error. */
  LEFT_OUT: localized('OTRO EMISOR', 'OTHER ISSUER'),
};
