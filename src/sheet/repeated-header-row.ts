import { matchKey } from '../invoice/match-key.js';
import type { HeaderColumn } from './header-map.js';
import type { SourceRow } from './source-row.js';

/** The header's named columns, each with the key its text is compared by, its text's length and its first letter. */
export type HeaderTexts = readonly { readonly index: number; readonly key: string; readonly length: number; readonly initial: string }[];

/** The header row's named columns, to know it again further down (repeatsHeader). */
export function headerTexts(columns: readonly HeaderColumn[]): HeaderTexts {
  return columns
    .map((c) => ({ index: c.index, key: matchKey(c.header), length: c.header.length, initial: c.header.charAt(0).toLowerCase() }))
    .filter((c) => c.key !== '');
}

/** How much longer or shorter a cell's text may be than the text it repeats (spaces, a colon): a cheap test before the key's. */
const SLACK = 4;
const near = (text: string, length: number): boolean => text.length >= length - SLACK && text.length <= length + SLACK;

/**
 * Where a row repeats the header (the first named column's index; undefined when it does not): two exports pasted one under the other, a report printed with
 * its header on every page. At least three of its cells, the first of them the first named column,
 * say what the header says at the same place. Read as a line, its «Serie» and «Número» made the
 * invoice above invalid with six errors about cells that were only the header's words.
 */
export function repeatsHeader(row: SourceRow, header: HeaderTexts): number | undefined {
  const first = header[0];
  if (first === undefined) return undefined;
  // Most rows stop here: the first named column's cell is not the header's word.
  const cell = row.cells[first.index];
  if (cell?.kind !== 'text' || !near(cell.text, first.length)) return undefined;
  const initial = cell.text.charAt(0).toLowerCase();
  if ((initial !== first.initial && initial !== first.key.charAt(0)) || matchKey(cell.text) !== first.key) return undefined;
  let same = 0;
  for (const { index, key } of header) {
    const c = row.cells[index];
    if (c?.kind === 'text' && matchKey(c.text) === key) same += 1;
  }
  return same >= Math.min(3, header.length) ? first.index : undefined;
}

/** A title row above the header: its non-blank cells, each with its text's key without digits and its length. */
export type TitleTexts = readonly (readonly { readonly index: number; readonly key: string; readonly length: number }[])[];

const withoutDigits = (text: string): string => matchKey(text).replace(/\d+/g, '#');

/** The title rows above the header (the company, the report's name, «Página 1 de 2»), to know them again further down. */
export function titleTexts(titles: readonly SourceRow[]): TitleTexts {
  return titles
    .map((r) =>
      r.cells.flatMap((c, index) => (c?.kind === 'text' && c.text.trim() !== '' ? [{ index, key: withoutDigits(c.text), length: c.text.length }] : [])),
    )
    .filter((cells) => cells.length > 0);
}

/**
 * Where a row repeats one of the title rows above the header (its first cell's index), cell for cell but for its numbers:
 * a report printed with its title on every page («COMERCIAL ANDINA S.A.C. … Página 2 de 2»). Read as
 * a line, it continued the invoice above and made it invalid («"COMERCIAL ANDINA S.A.C." no es una
 * fecha»), or, its title in the serie's column, held it as a line of no invoice.
 */
export function repeatsTitle(row: SourceRow, titles: TitleTexts): number | undefined {
  // Most rows stop here: the cell where each title starts is not text of about its length.
  let likely = false;
  for (const title of titles) {
    const first = title[0];
    const c = first === undefined ? undefined : row.cells[first.index];
    if (first !== undefined && c?.kind === 'text' && near(c.text, first.length)) likely = true;
  }
  if (!likely) return undefined;
  const filled: { index: number; key: string }[] = [];
  for (let index = 0; index < row.cells.length; index++) {
    const c = row.cells[index];
    if (c === null || c === undefined || (c.kind === 'text' && c.text.trim() === '')) continue;
    if (c.kind !== 'text') return undefined;
    filled.push({ index, key: withoutDigits(c.text) });
  }
  const same = titles.some((title) => title.length === filled.length && title.every((t, i) => t.index === filled[i]?.index && t.key === filled[i]?.key));
  return same ? filled[0]?.index : undefined;
}
