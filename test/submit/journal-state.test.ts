import { describe, expect, it } from 'vitest';
import { documentHash } from '../../src/submit/document-hash.js';
import type { JournalRecord } from '../../src/submit/journal-state.js';
import { JournalState, journalKey, parseJournalRecord } from '../../src/submit/journal-state.js';
import { journalService, SANDBOX_SERVICE } from '../../src/submit/journal-service.js';

const HASH = documentHash({ a: 1 });
const OTHER = documentHash({ a: 2 });
const KEY = journalKey('20512333797', 'F001', 7);
const AT = '2026-11-02T15:00:00.000Z';

describe('JournalState (the pure side of the journal: no file)', () => {
  it('keeps an issued number issued with its content, whatever a later line says', () => {
    const state = new JournalState();
    const lines: JournalRecord[] = [
      { t: 'attempt', key: KEY, hash: HASH, attempt: 1, at: AT },
      { t: 'outcome', key: KEY, hash: HASH, status: 'ACCEPTED', at: AT },
      { t: 'attempt', key: KEY, hash: OTHER, attempt: 1, at: AT },
      { t: 'outcome', key: KEY, hash: OTHER, status: 'REJECTED', at: AT },
    ];
    for (const r of lines) state.apply(r);
    expect(state.keys).toBe(1);
    expect(state.priorState(KEY, HASH)).toBe('accepted');
    expect(state.priorState(KEY, OTHER)).toBe('accepted-different-content');
  });

  it('keeps the identificador an accepted number was given, the first one, for a later run to show', () => {
    const state = new JournalState();
    expect(state.issuedAs(KEY)).toBeUndefined();
    state.apply({ t: 'outcome', key: KEY, hash: HASH, status: 'ACCEPTED', identificador: 'id-1', at: AT });
    state.apply({ t: 'outcome', key: KEY, hash: OTHER, status: 'ACCEPTED', identificador: 'id-2', at: AT });
    expect(state.issuedAs(KEY)).toBe('id-1');
    const unknown = journalKey('20512333797', 'F001', 8);
    state.apply({ t: 'outcome', key: unknown, hash: HASH, status: 'UNKNOWN', identificador: 'id-3', at: AT });
    expect(state.issuedAs(unknown)).toBeUndefined();
  });

  it('keeps the service’s hash of an accepted document beside its identificador, from a line that has one', () => {
    const state = new JournalState();
    state.apply({ t: 'outcome', key: KEY, hash: HASH, status: 'ACCEPTED', identificador: 'id-1', answerHash: 'h-1', at: AT });
    state.apply({ t: 'outcome', key: KEY, hash: HASH, status: 'ACCEPTED', identificador: 'id-1', answerHash: 'h-2', at: AT });
    expect(state.answerHashOf(KEY)).toBe('h-1');
    const older = journalKey('20512333797', 'F001', 9);
    state.apply({ t: 'outcome', key: older, hash: HASH, status: 'ACCEPTED', identificador: 'id-9', at: AT });
    expect([state.issuedAs(older), state.answerHashOf(older)]).toEqual(['id-9', undefined]);
  });

  it('forgets a send the service refused, and remembers one with no known answer', () => {
    const state = new JournalState();
    state.apply({ t: 'attempt', key: KEY, hash: HASH, attempt: 1, at: AT });
    expect(state.priorState(KEY, HASH)).toBe('sent-unknown');
    state.apply({ t: 'outcome', key: KEY, hash: HASH, status: 'DUPLICATE', at: AT });
    expect(state.priorState(KEY, HASH)).toBe('none');
    expect(state.keys).toBe(0);
  });
});

describe('JournalState of one service', () => {
  it('passes over what another service accepted, and keeps lines written before journals named their service', () => {
    const real = new JournalState('api.example.pe/v1');
    const trial = new JournalState('sandbox');
    const other = journalKey('20512333797', 'F001', 8);
    const lines: JournalRecord[] = [
      // A trial on the sandbox: issued there, not at the real service.
      { t: 'attempt', key: KEY, to: 'sandbox', hash: HASH, attempt: 1, at: AT },
      { t: 'outcome', key: KEY, to: 'sandbox', hash: HASH, status: 'ACCEPTED', identificador: 'sb-1', at: AT },
      // A line of an older journal, with no service: it counts wherever the journal is read, as it did.
      { t: 'outcome', key: other, hash: HASH, status: 'ACCEPTED', at: AT },
    ];
    for (const r of lines) {
      real.apply(r);
      trial.apply(r);
    }
    expect(real.priorState(KEY, HASH)).toBe('none');
    expect(real.issuedAs(KEY)).toBeUndefined();
    expect(trial.priorState(KEY, HASH)).toBe('accepted');
    expect(trial.issuedAs(KEY)).toBe('sb-1');
    expect(real.priorState(other, HASH)).toBe('accepted');
    expect(trial.priorState(other, HASH)).toBe('accepted');
  });

  it('names a service by its invoice host, one address however it ends, or by the name it is given', () => {
    expect(journalService('https://api.example.pe/v1/')).toBe('api.example.pe/v1');
    expect(journalService('https://API.example.pe:443/v1')).toBe('api.example.pe/v1');
    expect(journalService('http://api.example.pe/v1')).toBe('api.example.pe/v1');
    expect(journalService('http://127.0.0.1:46773/')).toBe('127.0.0.1:46773');
    expect(journalService('http://127.0.0.1:46773', SANDBOX_SERVICE)).toBe('sandbox');
  });

  it('takes this computer’s address as one service however it is written, in journals written before too', () => {
    for (const url of ['http://localhost:8080/v1', 'http://LOCALHOST:8080/v1/', 'http://[::1]:8080/v1', 'http://127.0.0.1:8080/v1']) {
      expect(journalService(url)).toBe('127.0.0.1:8080/v1');
    }
    expect(journalService('http://localhost.example.pe/v1')).toBe('localhost.example.pe/v1');
    expect(journalService('http://127.0.0.1.example.pe/v1')).toBe('127.0.0.1.example.pe/v1');
    // Every 127.x.x.x is this computer (the rule serve's bind address and the sandbox's Host check read too).
    expect(journalService('http://127.0.0.2:8080/v1')).toBe('127.0.0.1:8080/v1');
    const state = new JournalState(journalService('http://127.0.0.1:8080/v1'));
    state.apply({ t: 'attempt', key: KEY, to: 'localhost:8080/v1', hash: HASH, attempt: 1, at: AT });
    state.apply({ t: 'outcome', key: KEY, to: 'localhost:8080/v1', hash: HASH, status: 'ACCEPTED', identificador: 'id-9', at: AT });
    expect(state.priorState(KEY, HASH)).toBe('accepted');
  });
});

describe('parseJournalRecord', () => {
  it('reads back the lines the appender writes and refuses a torn or foreign one', () => {
    const outcome = { t: 'outcome', key: KEY, hash: HASH, status: 'FAILED', httpStatus: 500, at: AT };
    expect(parseJournalRecord(JSON.stringify(outcome))).toEqual(outcome);
    expect(parseJournalRecord('{"t":"outcome","key":"2051233')).toBeUndefined();
    expect(parseJournalRecord(JSON.stringify({ ...outcome, status: 'SKIPPED' }))).toBeUndefined();
    expect(parseJournalRecord(JSON.stringify({ t: 'attempt', key: KEY, hash: HASH, at: AT }))).toBeUndefined();
    expect(parseJournalRecord('null')).toBeUndefined();
    expect(parseJournalRecord(JSON.stringify({ ...outcome, to: 'sandbox' }))).toEqual({ ...outcome, to: 'sandbox' });
    expect(parseJournalRecord(JSON.stringify({ ...outcome, to: 7 }))).toBeUndefined();
  });
});
