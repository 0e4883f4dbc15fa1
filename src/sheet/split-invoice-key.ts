/** The two halves of an invoice key written in one cell. */
export interface InvoiceKeyParts {
  readonly serie: string;
  readonly numero: string;
}

/**
 * «F001-00000123» as ERPs and sales registers write an invoice's serie and number in one column
 * («Comprobante», «Serie-Número»): four letters or digits, a hyphen (or an en dash, with or without
 * spaces around it, or only a space), up to eight digits. Anything else is not one: the serie's and
 * the number's own rules are left to validation, as for separate columns.
 */
const KEY = /^([A-Za-z0-9]{4})(?:\s*[-\u2013]\s*|\s+)(\d{1,8})$/;

/** Splits «F001-00000123» into its serie and number as written («F001», «00000123»); undefined when the text is not one. */
export function splitInvoiceKey(text: string): InvoiceKeyParts | undefined {
  const m = KEY.exec(text.trim());
  return m === null ? undefined : { serie: m[1] as string, numero: m[2] as string };
}
