/**
 * The value of a catalogue text written as its code and its description, as ERP exports and
 * SUNAT's own tables write them:
 * - the code first (`10 - Gravado - Operación Onerosa`, `NIU – Unidad`, `001: Depósito en
 *   cuenta`): the code decides, unless the words name another value (`10 - Exonerado` is none);
 * - one of them in parentheses after the other (`Soles (PEN)`, `PEN (Soles)`, `Venta interna
 *   (0101)`, `RUC (6)`): both must name the same value.
 * `byCode` looks a code up, `whole` any text; `undefined` for any other text. The one rule for the
 * indexed resolver (catalogue-resolver.ts) and the reference one (catalogues.ts).
 */
export function resolveCodeAndDescription(
  input: string,
  byCode: (code: string) => string | undefined,
  whole: (text: string) => string | undefined,
): string | undefined {
  const text = input.trim();
  const parts = CODE_THEN_DESCRIPTION.exec(text);
  if (parts !== null) {
    const coded = byCode(parts[1] ?? '');
    if (coded !== undefined) {
      const described = whole(parts[2] ?? '');
      return described === undefined || described === coded ? coded : undefined;
    }
  }
  const paired = ONE_IN_PARENTHESES.exec(text);
  if (paired === null) return undefined;
  const outer = whole(paired[1] ?? '');
  return outer !== undefined && whole(paired[2] ?? '') === outer ? outer : undefined;
}

/** Up to four letters or digits, a dash (any), a colon or a closing parenthesis, then the words. */
const CODE_THEN_DESCRIPTION = /^([A-Za-z0-9]{1,4})\s*[-\u2013\u2014:)]\s*(\S.*)$/u;
/** Words, then other words in parentheses that end the text. */
const ONE_IN_PARENTHESES = /^(\S[^()]*?)\s*\(\s*([^()]*\S)\s*\)$/u;
