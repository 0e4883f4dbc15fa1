/**
 * The issuer a journal's accepted invoices all belong to, when it is another than `issuerRuc`: a
 * sheet that names no issuer, sent under one company's login and now run under another's. A
 * journal of one company's sheet holds one issuer; with several, each may have its own F001-1, so
 * none is the sheet's other issuer. Both readers of a journal ask this (JournalState for a
 * submission, issuedInJournal for a check), so the two say the same.
 */
export function soleOtherIssuer(acceptedIssuers: ReadonlySet<string>, issuerRuc: string): string | undefined {
  if (acceptedIssuers.size !== 1) return undefined;
  const [only] = acceptedIssuers;
  return only === issuerRuc ? undefined : only;
}
