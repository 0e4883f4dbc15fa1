import type { LocalizedText } from '../i18n/localized-text.js';
import { localized } from '../i18n/localized-text.js';

/** What the first bytes of an input file say it is (its name is never asked). */
export type SniffedFormat =
  | { readonly kind: 'xlsx' }
  | { readonly kind: 'ods' }
  | { readonly kind: 'xls' }
  | { readonly kind: 'text' }
  /** A file that is no sheet at all: what it looks like, and what to save the sales as instead. */
  | { readonly kind: 'other'; readonly looksLike: LocalizedText; readonly saveAs: LocalizedText };

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0): boolean => bytes.every((b, i) => head[at + i] === b);
const ascii = (head: Uint8Array, length: number): string => Buffer.from(head.subarray(0, length)).toString('latin1');

const SAVE_XLSX = localized(
  'ábralo en Excel y guárdelo como "Libro de Excel (.xlsx)" o como CSV',
  'open it in Excel and save it as "Excel Workbook (.xlsx)" or as CSV',
);
const EXPORT_SHEET = localized(
  'exporte las ventas desde su sistema como hoja de Excel (.xlsx) o CSV',
  'export the sales from your system as an Excel sheet (.xlsx) or CSV',
);

/** Signatures of files people send by mistake, in the order they are tried. */
const OTHERS: readonly { test: (head: Uint8Array, text: string) => boolean; looksLike: LocalizedText; saveAs: LocalizedText }[] = [
  { test: (_h, t) => t.startsWith('%PDF'), looksLike: localized('un documento PDF', 'a PDF document'), saveAs: EXPORT_SHEET },
  {
    test: (_h, t) => /^\s*<(?:!doctype html|html|table|head|body|meta)\b/i.test(t),
    looksLike: localized(
      'una página web (HTML), como las que algunos sistemas exportan con extensión .xls',
      'a web page (HTML), as some systems export with an .xls extension',
    ),
    saveAs: SAVE_XLSX,
  },
  {
    test: (_h, t) => /^\s*<\?xml\b/.test(t) && /urn:schemas-microsoft-com:office:spreadsheet/.test(t),
    looksLike: localized('una "Hoja de cálculo XML 2003" de Excel', 'an Excel "XML Spreadsheet 2003"'),
    saveAs: SAVE_XLSX,
  },
  {
    test: (_h, t) => t.startsWith('{\\rtf'),
    looksLike: localized('un documento de texto con formato (RTF)', 'a rich-text document (RTF)'),
    saveAs: EXPORT_SHEET,
  },
  {
    test: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47]) || startsWith(h, [0xff, 0xd8, 0xff]) || ascii(h, 4) === 'GIF8',
    looksLike: localized('una imagen', 'an image'),
    saveAs: EXPORT_SHEET,
  },
  {
    test: (h, t) => startsWith(h, [0x1f, 0x8b]) || t.startsWith('Rar!') || startsWith(h, [0x37, 0x7a, 0xbc, 0xaf]),
    looksLike: localized('un archivo comprimido (gzip, RAR o 7z)', 'a compressed archive (gzip, RAR or 7z)'),
    saveAs: localized('descomprímalo y use la hoja .xlsx o .csv que contiene', 'extract it and use the .xlsx or .csv sheet inside'),
  },
];

/**
 * Decide the format by content: a zip is an XLSX, or an ODS when its `mimetype` says so; an OLE2
 * compound file (D0 CF 11 E0) is a legacy .xls; known other documents (PDF, HTML, XML 2003, RTF,
 * images, archives) are named; anything else is read as delimited text (its encoding, UTF-16
 * included, is decided by detect-encoding.ts).
 */
export function sniffFileFormat(head: Uint8Array): SniffedFormat {
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    return ascii(head, Math.min(head.length, 200)).includes('application/vnd.oasis.opendocument.spreadsheet') ? { kind: 'ods' } : { kind: 'xlsx' };
  }
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return { kind: 'xls' };
  const text = ascii(head, Math.min(head.length, 4096)).replace(/^\xef\xbb\xbf/, '');
  const other = OTHERS.find((o) => o.test(head, text));
  return other === undefined ? { kind: 'text' } : { kind: 'other', looksLike: other.looksLike, saveAs: other.saveAs };
}
