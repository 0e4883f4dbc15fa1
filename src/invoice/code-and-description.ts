/**
 * A catalogue value written as its SUNAT code and its description, as ERP exports and SUNAT's own
 * tables write them: `10 - Gravado - Operación Onerosa`, `NIU – Unidad`, `001: Depósito en cuenta`.
 * `undefined` for any other text.
 */
export function codeAndDescription(input: string): { readonly code: string; readonly description: string } | undefined {
  const parts = CODE_THEN_DESCRIPTION.exec(input.trim());
  return parts === null ? undefined : { code: parts[1] ?? '', description: parts[2] ?? '' };
}

/** Up to four letters or digits, a dash (any), a colon or a closing parenthesis, then the words. */
const CODE_THEN_DESCRIPTION = /^([A-Za-z0-9]{1,4})\s*[-\u2013\u2014:)]\s*(\S.*)$/u;
