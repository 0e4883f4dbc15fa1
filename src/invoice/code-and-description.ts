/**
 * The value of a catalogue text written as its SUNAT code and its description, as ERP exports and
 * SUNAT's own tables write them (`10 - Gravado - Operación Onerosa`, `NIU – Unidad`, `001: Depósito
 * en cuenta`): the code decides, unless the words name another value (`10 - Exonerado` is none).
 * `byCode` looks a code up, `whole` any text; `undefined` for any other text. The one rule for the
 * indexed resolver (catalogue-resolver.ts) and the reference one (catalogues.ts).
 */
export function resolveCodeAndDescription(
  input: string,
  byCode: (code: string) => string | undefined,
  whole: (text: string) => string | undefined,
): string | undefined {
  const parts = CODE_THEN_DESCRIPTION.exec(input.trim());
  if (parts === null) return undefined;
  const coded = byCode(parts[1] ?? '');
  if (coded === undefined) return undefined;
  const described = whole(parts[2] ?? '');
  return described === undefined || described === coded ? coded : undefined;
}

/** Up to four letters or digits, a dash (any), a colon or a closing parenthesis, then the words. */
const CODE_THEN_DESCRIPTION = /^([A-Za-z0-9]{1,4})\s*[-\u2013\u2014:)]\s*(\S.*)$/u;
