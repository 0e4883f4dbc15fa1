import { matchKey } from '../invoice/match-key.js';

/** Words before «IGV» that say a price includes it: «con IGV», «c/IGV», «inc. IGV», «incluye IGV». */
const WITH_BEFORE = new Set(['con', 'c', 'inc', 'incl', 'incluye', 'incluido', 'incluida', 'incluyendo']);
/** Words after «IGV» that say so: «IGV incluido», «IGV inc.». */
const WITH_AFTER = new Set(['incluido', 'incluida', 'inc', 'incl', 'incluye']);
/** Words before «IGV» that say a price is without it: «sin IGV», «s/IGV», «antes de IGV», «excl. IGV». */
const WITHOUT_BEFORE = new Set(['sin', 's', 'antes', 'exc', 'excl', 'excluye', 'excluido', 'excluida', 'excluyendo']);

/**
 * A header's words with its IGV phrase said one way: «con IGV» for every way offices write that a
 * price includes it («c/IGV», «inc. IGV», «IGV incluido», «incluye IGV»), «sin IGV» for every way
 * they write that it does not («s/IGV», «IGV no incluido», «no incluye IGV», «antes de IGV»). So
 * «Valor unitario (IGV incluido)» meets «Valor unitario con IGV», and is never read as the unit
 * value without IGV its first two words name. Other words are left as they are.
 */
export function normalizeIgvPhrase(words: readonly string[]): string[] {
  const keys = words.map(matchKey);
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const key = keys[i];
    const next = keys[i + 1];
    const after = keys[i + 2];
    if (key === 'no' && (next === 'incluye' || next === 'incluido' || next === 'incluida') && after === 'igv') {
      out.push('sin', 'IGV');
      i += 2;
    } else if (key === 'igv' && next === 'no' && (after === 'incluido' || after === 'incluida' || after === 'incluye')) {
      out.push('sin', 'IGV');
      i += 2;
    } else if (next === 'igv' && key !== undefined && (WITH_BEFORE.has(key) || WITHOUT_BEFORE.has(key))) {
      out.push(WITH_BEFORE.has(key) ? 'con' : 'sin', 'IGV');
      i += 1;
    } else if (key === 'igv' && next !== undefined && WITH_AFTER.has(next)) {
      out.push('con', 'IGV');
      i += 1;
    } else out.push(words[i] as string);
  }
  return out;
}

const TRAILING_NOTE = /\s*\(([^)]*)\)\s*$/u;

/** A header's trailing note in parentheses, as the start of the header and the note («Precio (con IGV)» → «Precio», «con IGV»). */
export function trailingNote(header: string): { readonly stem: string; readonly note: string } | undefined {
  const found = TRAILING_NOTE.exec(header);
  return found === null ? undefined : { stem: header.slice(0, found.index), note: found[1] ?? '' };
}

/** What a header's trailing note says of IGV: «(con IGV)», «(IGV incluido)» → 'con'; «(sin IGV)», «(s/IGV)» → 'sin'. */
export function igvNote(header: string): 'con' | 'sin' | undefined {
  const note = trailingNote(header)?.note;
  return note === undefined ? undefined : igvStance(note);
}

/** What a note's text says of IGV («con IGV», «IGV incluido» → 'con'; «sin IGV», «s/IGV» → 'sin'). */
export function igvStance(note: string): 'con' | 'sin' | undefined {
  const words = normalizeIgvPhrase(note.split(/[\s_.\-/]+/u).filter((w) => w !== '')).map(matchKey);
  const at = words.indexOf('igv');
  const stance = at > 0 ? words[at - 1] : undefined;
  return stance === 'con' || stance === 'sin' ? stance : undefined;
}
