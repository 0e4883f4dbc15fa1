import type { Fill, Font } from 'exceljs';
import type { InvoiceStatus } from '../invoice/invoice-status.js';

const solid = (argb: string): Fill => ({ type: 'pattern', pattern: 'solid', fgColor: { argb } });

// Excel's own "Good", "Bad" and "Neutral" cell colours, which finance users already read.
const GOOD = { fill: solid('FFC6EFCE'), font: { color: { argb: 'FF006100' } } };
const BAD = { fill: solid('FFFFC7CE'), font: { color: { argb: 'FF9C0006' } } };
const NEUTRAL = { fill: solid('FFFFEB9C'), font: { color: { argb: 'FF9C5700' } } };
const ASIDE = { fill: solid('FFEDEDED'), font: { color: { argb: 'FF595959' } } };

/** Green: done or would be sent; red: refused or failed; amber: needs a look (unknown, duplicate, not sent); grey: another issuer's, left out of this run. */
export const STATUS_STYLES: Readonly<Record<InvoiceStatus, { readonly fill: Fill; readonly font: Partial<Font> }>> = {
  VALID: GOOD,
  ACCEPTED: GOOD,
  SKIPPED: GOOD,
  INVALID: BAD,
  REJECTED: BAD,
  FAILED: BAD,
  UNKNOWN: NEUTRAL,
  DUPLICATE: NEUTRAL,
  NOT_SENT: NEUTRAL,
  LEFT_OUT: ASIDE,
};

export const HEADER_STYLE: { readonly fill: Fill; readonly font: Partial<Font> } = {
  fill: solid('FFD9E1F2'),
  font: { bold: true },
};

export const TITLE_FONT: Partial<Font> = { bold: true, size: 14 };
