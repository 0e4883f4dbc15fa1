/** A number format that pads a whole number with zeros to its width («00000000», «000000»). */
const ZERO_PADDING = /^0{2,15}$/;

/**
 * The digits of a whole number as a cell formatted «00000000» shows them (Excel's way of keeping a
 * DNI's or an ubigeo's leading zeros in a number cell): padded with zeros to the format's width.
 * Any other format, or anything but digits (a sign), leaves the text as it is.
 */
export function zeroPadded(digits: string, numFmt: string | undefined): string {
  return numFmt !== undefined && ZERO_PADDING.test(numFmt) && /^\d+$/.test(digits) ? digits.padStart(numFmt.length, '0') : digits;
}
