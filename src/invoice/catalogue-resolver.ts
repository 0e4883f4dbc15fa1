import type { BoundedMemo } from '../bounded-memo.js';
import { createBoundedMemo } from '../bounded-memo.js';
import type { CatalogueName, Catalogues } from './catalogues.js';
import { resolveCodeAndDescription } from './code-and-description.js';
import { matchKey } from './match-key.js';
import { resolveWithTaxRate } from './tax-rate-suffix.js';

/** Resolves a sheet's value to the service's value within one catalogue; `undefined` when unknown. */
export type CatalogueResolver = (name: CatalogueName, input: string) => string | undefined;

interface Index {
  readonly byName: Map<string, string>;
  readonly byCode: Map<string, string>;
  readonly byWord: Map<string, string>;
}

const resolvers = new WeakMap<Catalogues, CatalogueResolver>();

function put(map: Map<string, string>, key: string, value: string): void {
  if (!map.has(key)) map.set(key, value); // the first entry wins, as in resolveCatalogueValue
}

/**
 * The same answers as catalogues.ts's resolveCatalogueValue (name, then SUNAT code, then word,
 * compared by matchKey; then a SUNAT code or name with its description, code-and-description.ts;
 * then a tax treatment with its rate, tax-rate-suffix.ts), from an
 * index built once per catalogues object, so a million-row sheet does not normalise every
 * catalogue entry for every cell.
 */
export function catalogueResolver(catalogues: Catalogues): CatalogueResolver {
  const cached = resolvers.get(catalogues);
  if (cached) return cached;
  const indexes = new Map<CatalogueName, Index>();
  const indexOf = (name: CatalogueName): Index => {
    let index = indexes.get(name);
    if (!index) {
      index = { byName: new Map(), byCode: new Map(), byWord: new Map() };
      for (const e of catalogues[name]) {
        put(index.byName, matchKey(e.value), e.value);
        for (const c of e.codes ?? []) put(index.byCode, matchKey(c), e.value);
        for (const w of e.words ?? []) put(index.byWord, matchKey(w), e.value);
      }
      indexes.set(name, index);
    }
    return index;
  };
  const lookUpWhole = (name: CatalogueName, input: string): string | undefined => {
    const key = matchKey(input);
    if (key === '') return undefined;
    const index = indexOf(name);
    return index.byName.get(key) ?? index.byCode.get(key) ?? index.byWord.get(key);
  };
  const plain = (name: CatalogueName, input: string): string | undefined =>
    lookUpWhole(name, input) ??
    resolveCodeAndDescription(
      input,
      (code) => indexOf(name).byCode.get(matchKey(code)) ?? indexOf(name).byName.get(matchKey(code)),
      (text) => lookUpWhole(name, text),
    );
  const lookUp = (name: CatalogueName, input: string): string | undefined =>
    plain(name, input) ?? (name === 'tipoAfectacion' ? resolveWithTaxRate(input, (text) => plain(name, text)) : undefined);
  // A sheet repeats a handful of spellings (PEN, CONTADO, NIU…) on every row: remember the answer
  // for each input, so matchKey (Unicode normalisation, two regexes) runs once per spelling. Bounded:
  // a sheet of all-different values clears it now and then instead of growing.
  const memo = new Map<CatalogueName, { readonly answers: BoundedMemo<string | undefined>; readonly look: (input: string) => string | undefined }>();
  const resolver: CatalogueResolver = (name, input) => {
    let own = memo.get(name);
    if (own === undefined) memo.set(name, (own = { answers: createBoundedMemo(), look: (text) => lookUp(name, text) }));
    return own.answers.lookup(input, own.look);
  };
  resolvers.set(catalogues, resolver);
  return resolver;
}
