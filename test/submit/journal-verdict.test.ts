import { describe, expect, it } from 'vitest';
import { journalVerdict } from '../../src/submit/journal-verdict.js';
import type { JournalVerdict, JournalVerdictInput } from '../../src/submit/journal-verdict.js';
import { SKIPPED_NOTE } from '../../src/submit/issued-in-journal.js';
import { otherContentProblem } from '../../src/submit/other-content-problem.js';
import { anotherIssuerProblem } from '../../src/submit/another-issuer-problem.js';

const RUC = '20512333797';
const OTHER = '20100070970';
const base: JournalVerdictInput = { serie: 'F001', numero: '7', row: 3, namesIssuer: false, issuerRuc: RUC, holdOtherIssuers: false };
const another = anotherIssuerProblem('F001', '7', 3, OTHER, RUC);

const cases: ReadonlyArray<readonly [string, Partial<JournalVerdictInput>, JournalVerdict]> = [
  ['nothing in the journal', {}, { kind: 'none' }],
  [
    'accepted, same document, with identificador and hash',
    { accepted: { identificador: 'ID-1', answerHash: 'h1', sameDocument: true } },
    { kind: 'skipped', note: SKIPPED_NOTE, answer: { identificador: 'ID-1', hash: 'h1' } },
  ],
  [
    'accepted, document not built (content unknown)',
    { accepted: { identificador: 'ID-1' } },
    { kind: 'skipped', note: SKIPPED_NOTE, answer: { identificador: 'ID-1' } },
  ],
  ['accepted by an old journal that kept neither', { accepted: { sameDocument: true } }, { kind: 'skipped', note: SKIPPED_NOTE }],
  [
    'accepted with other content',
    { accepted: { identificador: 'ID-1', sameDocument: false } },
    { kind: 'other-content', problem: otherContentProblem('F001', '7', 3) },
  ],
  [
    'accepted wins over another issuer',
    { accepted: { sameDocument: true }, otherIssuer: OTHER, holdOtherIssuers: true },
    { kind: 'skipped', note: SKIPPED_NOTE },
  ],
  ['another issuer, held', { otherIssuer: OTHER, holdOtherIssuers: true }, { kind: 'another-issuer', held: true, problem: another }],
  ['another issuer, not held: a warning', { otherIssuer: OTHER }, { kind: 'another-issuer', held: false, problem: { ...another, severity: 'warning' } }],
  ['another issuer, but the sheet names the issuer', { otherIssuer: OTHER, holdOtherIssuers: true, namesIssuer: true }, { kind: 'none' }],
];

describe('journalVerdict', () => {
  it.each(cases)('%s', (_name, over, expected) => {
    expect(journalVerdict({ ...base, ...over })).toEqual(expected);
  });

  it('says nothing of another issuer without the RUC the invoice would go out under', () => {
    const { issuerRuc: _none, ...noIssuer } = base;
    expect(journalVerdict({ ...noIssuer, otherIssuer: OTHER, holdOtherIssuers: true })).toEqual({ kind: 'none' });
  });

  it('places the other-content error at no row when the invoice has none', () => {
    const { row: _none, ...noRow } = base;
    const verdict = journalVerdict({ ...noRow, accepted: { sameDocument: false } });
    expect(verdict.kind === 'other-content' && verdict.problem.row).toBeUndefined();
  });
});
