import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';
import { openZipFile } from './open-zip-file.js';

/**
 * How many bytes each part of an XLSX may expand to, decided from the zip's central directory
 * before exceljs decompresses anything, so that a small file built to expand to gigabytes (a "zip
 * bomb") is refused instead of filling the memory or the disk.
 */
export interface XlsxPartBudget {
  /**
   * The most bytes the part `name` (e.g. `xl/sharedStrings.xml`) may really expand to: what the
   * directory declares for it (already checked against the limits below). A part the directory
   * does not list (a local entry hidden from the directory, which no zip program writes) gets 0.
   */
  limitFor(name: string): number;
  /** The refusal for a part that expands to more than `limitFor(name)`. */
  overrun(name: string): FacturaError;
  /** What every part whose name starts with `prefix` declares, added up (e.g. all the worksheets). */
  declaredUnder(prefix: string): number;
  /** The names of the parts the directory lists, in its order. */
  readonly parts: readonly string[];
}

const MIB = 1024 * 1024;
/** The shared strings are cached in memory (cells refer to them by number): at most 100 MiB of XML. */
export const SHARED_STRINGS_LIMIT = 100 * MIB;
/** The workbook, its relationships and the styles are also held in memory, and are small in real files. */
export const SMALL_PART_LIMIT = 16 * MIB;
/**
 * Expanded/compressed size above which a big part is refused: the parts of real workbooks
 * (exceljs, Excel, LibreOffice, openpyxl; 100,000-row sheets included) expand 5 to 15 times;
 * deflate can reach about 1,000 times, which only made-up content reaches.
 */
export const MAX_RATIO = 100;
/** Parts smaller than this are never refused for their ratio (a few repeated tags compress very well). */
const RATIO_FLOOR = 1 * MIB;
/** An XLSX has a few dozen parts; tens of thousands is not a workbook. */
const MAX_ENTRIES = 10_000;

const CACHED_PARTS: Readonly<Record<string, { limit: number; es: string; en: string }>> = {
  'xl/sharedStrings.xml': { limit: SHARED_STRINGS_LIMIT, es: 'los textos de las celdas', en: 'the text of the cells' },
  'xl/styles.xml': { limit: SMALL_PART_LIMIT, es: 'los formatos', en: 'the formats' },
  'xl/workbook.xml': { limit: SMALL_PART_LIMIT, es: 'la lista de hojas', en: 'the list of sheets' },
  'xl/_rels/workbook.xml.rels': { limit: SMALL_PART_LIMIT, es: 'las relaciones del libro', en: 'the workbook relationships' },
};

/**
 * Read the central directory of the XLSX `file` (with yauzl, which only reads the directory at the
 * end of the file, and closes it before resolving) and check every part's declared expanded size:
 * a part cached in memory larger than its limit, or any part over 1 MiB expanding more than
 * MAX_RATIO times its compressed size, is refused with FacturaError('INPUT') naming the file and
 * the part. The sizes are only declared
 * by the file, so the reader must also count the bytes really decompressed against `limitFor`.
 * A file whose directory cannot be read (truncated, not a zip) rejects with yauzl's error, for the
 * caller to word.
 */
export async function readXlsxPartBudget(file: string): Promise<XlsxPartBudget> {
  const declared = await readDirectory(file, (entry) => checkEntry(file, entry));
  const limitFor = (name: string): number => declared.get(name) ?? 0;
  return {
    limitFor,
    declaredUnder: (prefix) => [...declared].reduce((sum, [name, bytes]) => (name.startsWith(prefix) ? sum + bytes : sum), 0),
    parts: [...declared.keys()],
    overrun: (name) =>
      declared.has(name)
        ? zipBomb(
            file,
            `su parte ${part(name, 'es')} se expande a más de los ${size(limitFor(name), 'es')} que declara el índice del archivo`,
            `its part ${part(name, 'en')} expands to more than the ${size(limitFor(name), 'en')} the file's index declares`,
          )
        : zipBomb(file, `su parte ${part(name, 'es')} no figura en el índice del archivo`, `its part ${part(name, 'en')} is missing from the file's index`),
  };
}

interface DirectoryEntry {
  readonly name: string;
  readonly compressedSize: number;
  readonly uncompressedSize: number;
}

function checkEntry(file: string, entry: DirectoryEntry): void {
  const { name, compressedSize, uncompressedSize } = entry;
  const limit = CACHED_PARTS[name]?.limit;
  if (limit !== undefined && uncompressedSize > limit) {
    throw zipBomb(
      file,
      `su parte ${part(name, 'es')} se expandiría a ${size(uncompressedSize, 'es')}, más que el límite de ${size(limit, 'es')}`,
      `its part ${part(name, 'en')} would expand to ${size(uncompressedSize, 'en')}, more than the limit of ${size(limit, 'en')}`,
    );
  }
  const ratio = uncompressedSize / Math.max(compressedSize, 1);
  if (uncompressedSize > RATIO_FLOOR && ratio > MAX_RATIO) {
    const times = Math.round(ratio).toLocaleString('es-PE');
    const timesEn = Math.round(ratio).toLocaleString('en-US');
    throw zipBomb(
      file,
      `su parte ${part(name, 'es')} ocupa ${size(compressedSize, 'es')} comprimida y se expandiría a ${size(uncompressedSize, 'es')} (${times} veces; un libro real se expande unas 10 veces)`,
      `its part ${part(name, 'en')} takes ${size(compressedSize, 'en')} compressed and would expand to ${size(uncompressedSize, 'en')} (${timesEn} times; a real workbook expands about 10 times)`,
    );
  }
}

/**
 * Every entry of the central directory, checked one by one; the largest declared size per name.
 * Resolves once the zip's descriptor is closed (open-zip-file.ts).
 */
async function readDirectory(file: string, check: (entry: DirectoryEntry) => void): Promise<Map<string, number>> {
  const { zip, close } = await openZipFile(file);
  try {
    if (zip.entryCount > MAX_ENTRIES) {
      throw zipBomb(
        file,
        `tiene ${zip.entryCount.toLocaleString('es-PE')} partes (un libro de Excel tiene unas decenas)`,
        `it has ${zip.entryCount.toLocaleString('en-US')} parts (an Excel workbook has a few dozen)`,
      );
    }
    const declared = new Map<string, number>();
    for await (const entry of zip.eachEntry()) {
      const item = { name: entry.fileName, compressedSize: entry.compressedSize, uncompressedSize: entry.uncompressedSize };
      check(item);
      declared.set(item.name, Math.max(declared.get(item.name) ?? 0, item.uncompressedSize));
    }
    return declared;
  } finally {
    await close();
  }
}

function part(name: string, lang: 'es' | 'en'): string {
  const what = CACHED_PARTS[name];
  return what === undefined ? name : `${name} (${what[lang]})`;
}

/** A byte count as an accountant reads it: "1,5 MB" / "1.5 MB", KB below one megabyte. */
export function size(bytes: number, lang: 'es' | 'en'): string {
  const locale = localized('es-PE', 'en-US')[lang];
  const [value, unit] = bytes >= MIB ? [bytes / MIB, 'MB'] : [bytes / 1024, 'KB'];
  return `${value.toLocaleString(locale, { maximumFractionDigits: 1 })} ${unit}`;
}

function zipBomb(file: string, es: string, en: string): FacturaError {
  return new FacturaError(
    'INPUT',
    localized(
      `El archivo ${file} no se leyó: ${es}. Un archivo así está dañado o fue preparado para agotar la memoria (una «bomba zip»). Si es un libro legítimo, ábralo en Excel o LibreOffice y guárdelo como CSV, que se lee sin ese límite.`,
      `The file ${file} was not read: ${en}. Such a file is damaged or built to exhaust the memory (a "zip bomb"). If it is a genuine workbook, open it in Excel or LibreOffice and save it as CSV, which is read without that limit.`,
    ),
  );
}
