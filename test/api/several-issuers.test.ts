import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FacturaError, startSandbox, submitSheet, validateSheet } from '../../src/index.js';
import type { ImportEvent, InvoiceOutcome, PublicSandbox, SandboxAccount, SubmitOptions } from '../../src/index.js';
import { tempDir } from '../helpers/temp-dir.js';
import { salesRow, writeSalesSheet } from '../helpers/write-sales-sheet.js';
import type { SalesRow } from '../helpers/write-sales-sheet.js';

const ACCOUNTS: readonly SandboxAccount[] = [
  { ruc: '20601111111', mail: 'a@estudio.test', clave: 'clave-a', razonSocial: 'EMPRESA A S.A.C.' },
  { ruc: '20602222226', mail: 'b@estudio.test', clave: 'clave-b', razonSocial: 'EMPRESA B E.I.R.L.' },
  { ruc: '20603333331', mail: 'c@estudio.test', clave: 'clave-c', razonSocial: 'EMPRESA C S.A.' },
];
const [A, B, C] = ACCOUNTS.map((a) => a.ruc) as [string, string, string];
const logins = (except: string[] = []): Record<string, { mail: string; clave: string }> =>
  Object.fromEntries(ACCOUNTS.filter((a) => !except.includes(a.ruc)).map((a) => [a.ruc, { mail: a.mail, clave: a.clave }]));

let dir: { path: string; cleanup: () => Promise<void> };
let sandbox: PublicSandbox | undefined;
beforeEach(async () => {
  dir = await tempDir('several-issuers-');
});
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
  await dir.cleanup();
});

async function submit(
  input: string,
  sb: PublicSandbox,
  options: Partial<SubmitOptions> = {},
): Promise<{ outcomes: InvoiceOutcome[]; summary: Awaited<ReturnType<typeof submitSheet>> }> {
  const outcomes: InvoiceOutcome[] = [];
  const summary = await submitSheet(input, {
    authUrl: sb.url,
    baseUrl: sb.url,
    issuerCredentials: logins(),
    ...options,
    onEvent: (e: ImportEvent) => e.type === 'invoice' && outcomes.push(e.outcome),
  });
  return { outcomes, summary };
}

/** Three companies; A and B both use F001-1 and F001-2. */
const THREE: readonly SalesRow[] = [
  salesRow(1, { emisorRuc: A }),
  salesRow(1, { emisorRuc: B }),
  salesRow(2, { emisorRuc: A }),
  salesRow(1, { emisorRuc: C, serie: 'F002' }),
  salesRow(2, { emisorRuc: B }),
];

describe('one run, several issuers, against the sandbox', () => {
  it('logs in once per issuer, accepts every invoice once under its own RUC, and a rerun sends nothing', async () => {
    sandbox = await startSandbox({ accounts: ACCOUNTS });
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, THREE);

    const { outcomes, summary } = await submit(input, sandbox, { concurrency: 4 });
    expect(summary.exitCode).toBe(0);
    expect(summary.byStatus.ACCEPTED).toBe(5);
    expect(outcomes.map((o) => `${o.emisorRuc}-${o.serie}-${o.numero}`)).toEqual([`${A}-F001-1`, `${B}-F001-1`, `${A}-F001-2`, `${C}-F002-1`, `${B}-F001-2`]);
    const ledger = sandbox.ledger();
    // Three logins and every issuer has accepted invoices: exactly one login each.
    expect(ledger.counters.logins).toBe(3);
    expect(ledger.counters.loginRequests).toBe(3);
    expect(ledger.counters.forbidden403).toBe(0);
    expect(ledger.entries.map((e) => `${e.ruc}-${e.serie}-${e.numero}`).sort()).toEqual(
      [`${A}-F001-1`, `${A}-F001-2`, `${B}-F001-1`, `${B}-F001-2`, `${C}-F002-1`].sort(),
    );
    expect(outcomes.map((o) => o.answer?.identificador)).toEqual(outcomes.map((o) => `${o.emisorRuc}-01-${o.serie}-${o.numero}`));

    expect(summary.byIssuer.map((c) => [c.ruc, c.invoices, c.byStatus.ACCEPTED, c.totals.map((t) => t.moneda)])).toEqual([
      [A, 2, 2, ['PEN']],
      [B, 2, 2, ['PEN']],
      [C, 1, 1, ['PEN']],
    ]);
    const perInvoice = summary.totals[0]?.total ?? '';
    expect(Number(summary.byIssuer[2]?.totals[0]?.total) * 5).toBeCloseTo(Number(perInvoice), 2);

    const rerun = await submit(input, sandbox);
    expect(rerun.summary.byStatus.SKIPPED).toBe(5);
    expect(sandbox.ledger().counters.puts).toBe(ledger.counters.puts);
    expect(sandbox.ledger().entries).toHaveLength(5);
  });

  it('stops before any login or PUT when an issuer with valid invoices has no credentials, naming its RUC', async () => {
    sandbox = await startSandbox({ accounts: ACCOUNTS });
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, THREE);
    const err = await submit(input, sandbox, { issuerCredentials: logins([C]) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FacturaError);
    expect((err as FacturaError).code).toBe('CONFIG');
    expect((err as FacturaError).text.es).toContain(C);
    expect((err as FacturaError).text.es).not.toContain(A);
    // The program passed its logins as options: the message names the option, not the command line's variables.
    expect((err as FacturaError).text.es).toContain('indique el correo y la clave en issuerCredentials');
    expect(sandbox.ledger().counters).toMatchObject({ loginRequests: 0, puts: 0 });
  });

  it('finds an issuer named only in the last row, after the others already had a valid invoice (the first pass ends early only when every issuer named has one)', async () => {
    sandbox = await startSandbox({ accounts: ACCOUNTS });
    const input = join(dir.path, 'ventas.xlsx');
    const many = Array.from({ length: 30 }, (_, i) => salesRow(i + 1, { emisorRuc: i % 2 === 0 ? A : B }));
    await writeSalesSheet(input, [...many, salesRow(1, { emisorRuc: C, serie: 'F002' })]);
    const err = await submit(input, sandbox, { issuerCredentials: logins([C]) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FacturaError);
    expect((err as FacturaError).code).toBe('CONFIG');
    expect((err as FacturaError).text.es).toContain(C);
    expect(sandbox.ledger().counters).toMatchObject({ loginRequests: 0, puts: 0 });
  });

  it('needs no credentials for an issuer whose invoices are all invalid, nor for one left out with onlyIssuer', async () => {
    sandbox = await startSandbox({ accounts: ACCOUNTS });
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [...THREE.slice(0, 3), salesRow(1, { emisorRuc: C, serie: 'F002', receptorNumeroDocumento: '123' })]);
    const run = await submit(input, sandbox, { issuerCredentials: logins([C]) });
    expect(run.summary.byStatus).toMatchObject({ ACCEPTED: 3, INVALID: 1 });

    const only = await submit(input, sandbox, { issuerCredentials: logins([B, C]), onlyIssuer: A, journal: join(dir.path, 'solo-a.jsonl') });
    expect(only.summary.byStatus).toMatchObject({ SKIPPED: 0, ACCEPTED: 0, LEFT_OUT: 2 });
    expect(only.outcomes.filter((o) => o.emisorRuc === A).map((o) => o.status)).toEqual(['DUPLICATE', 'DUPLICATE']);
  });

  // A review's repro: after every issuer's invoices were sent, a run «solo RUC A» called B's issued invoices «OTRO EMISOR» (to be sent later).
  it('says OMITIDO of a left-out issuer’s invoices the journal shows accepted', async () => {
    sandbox = await startSandbox({ accounts: ACCOUNTS });
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(1, { emisorRuc: A }), salesRow(1, { emisorRuc: B }), salesRow(2, { emisorRuc: B })]);
    expect((await submit(input, sandbox)).summary.byStatus.ACCEPTED).toBe(3);
    // B's third invoice is new: left out, it waits for B's run.
    await writeSalesSheet(input, [salesRow(1, { emisorRuc: A }), salesRow(1, { emisorRuc: B }), salesRow(2, { emisorRuc: B }), salesRow(3, { emisorRuc: B })]);
    const only = await submit(input, sandbox, { onlyIssuer: A });
    expect(only.outcomes.map((o) => `${o.emisorRuc ?? ''}-${o.numero}-${o.status}`)).toEqual([
      `${A}-1-SKIPPED`,
      `${B}-1-SKIPPED`,
      `${B}-2-SKIPPED`,
      `${B}-3-LEFT_OUT`,
    ]);
    expect(sandbox.ledger().entries).toHaveLength(3);
    // The dry run restricted to A says of B's invoices what that submission said: OMITIDO with the journal's identificador, no more.
    const checked: InvoiceOutcome[] = [];
    await validateSheet(input, { onlyIssuer: A, journal: true, writeFiles: false, onEvent: (e) => e.type === 'invoice' && checked.push(e.outcome) });
    const word = (o: InvoiceOutcome): unknown => ({
      ruc: o.emisorRuc,
      numero: o.numero,
      status: o.status,
      note: o.note,
      answer: o.answer,
      problems: o.problems,
    });
    const leftOut = (list: InvoiceOutcome[]): unknown[] => list.filter((o) => o.emisorRuc === B).map(word);
    expect(leftOut(checked)).toEqual(leftOut(only.outcomes));
    expect(checked.find((o) => o.emisorRuc === B && o.numero === '1')?.answer?.identificador).toMatch(/\S/);
  });

  it('bounds every issuer together by one concurrency (max PUTs in flight, measured at the sandbox)', async () => {
    sandbox = await startSandbox({ accounts: ACCOUNTS, latencyMs: 25 });
    const input = join(dir.path, 'ventas.xlsx');
    const rows = [A, B, C].flatMap((ruc) => Array.from({ length: 6 }, (_, i) => salesRow(i + 1, { emisorRuc: ruc })));
    await writeSalesSheet(input, rows);
    const { summary } = await submit(input, sandbox, { concurrency: 3 });
    expect(summary.byStatus.ACCEPTED).toBe(18);
    const { maxPutsInFlight } = sandbox.ledger().counters;
    expect(maxPutsInFlight).toBeLessThanOrEqual(3);
    expect(maxPutsInFlight).toBeGreaterThanOrEqual(2);
  });

  it('a 401 for one issuer fails only that issuer’s invoices, with the reason; the others are accepted', async () => {
    sandbox = await startSandbox({ accounts: ACCOUNTS });
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, THREE);
    const wrong = { ...logins(), [B]: { mail: 'b@estudio.test', clave: 'equivocada' } };
    const { outcomes, summary } = await submit(input, sandbox, { issuerCredentials: wrong });
    expect(summary.exitCode).toBe(1);
    expect(outcomes.map((o) => [o.emisorRuc, o.status])).toEqual([
      [A, 'ACCEPTED'],
      [B, 'FAILED'],
      [A, 'ACCEPTED'],
      [C, 'ACCEPTED'],
      [B, 'FAILED'],
    ]);
    expect(outcomes.find((o) => o.emisorRuc === B)?.note).toMatch(new RegExp(`emisor ${B}.*401`));
    const ledger = sandbox.ledger();
    expect(ledger.counters.loginsRefused).toBe(1);
    expect(ledger.entries.some((e) => e.ruc === B)).toBe(false);
    expect(ledger.entries).toHaveLength(3);
  });

  it('a login refused during the run (the company changed its password) stops only that issuer; the others go on', async () => {
    sandbox = await startSandbox({ accounts: ACCOUNTS });
    const sb = sandbox;
    const input = join(dir.path, 'ventas.xlsx');
    const rows = [1, 2, 3, 4].flatMap((n) => [A, B, C].map((ruc) => salesRow(n, { emisorRuc: ruc })));
    await writeSalesSheet(input, rows);
    let changed = false;
    const outcomes: InvoiceOutcome[] = [];
    const summary = await submitSheet(input, {
      authUrl: sb.url,
      baseUrl: sb.url,
      issuerCredentials: logins(),
      concurrency: 1,
      onEvent: (e: ImportEvent) => {
        if (e.type !== 'invoice') return;
        outcomes.push(e.outcome);
        if (!changed && e.outcome.status === 'ACCEPTED') {
          // B's password changes and every token is revoked: A and C renew, B's renewal is refused (401).
          changed = true;
          sb.changeClave(B, 'clave-nueva');
          sb.revokeTokens();
        }
      },
    });
    expect(summary.exitCode).toBe(1);
    const of = (ruc: string): string[] => outcomes.filter((o) => o.emisorRuc === ruc).map((o) => o.status);
    expect(of(A)).toEqual(['ACCEPTED', 'ACCEPTED', 'ACCEPTED', 'ACCEPTED']);
    expect(of(C)).toEqual(['ACCEPTED', 'ACCEPTED', 'ACCEPTED', 'ACCEPTED']);
    const failedB = outcomes.filter((o) => o.emisorRuc === B && o.status === 'FAILED');
    expect(failedB.length).toBeGreaterThanOrEqual(2);
    expect(of(B).every((s) => s === 'ACCEPTED' || s === 'FAILED')).toBe(true);
    expect(failedB[0]?.note).toMatch(new RegExp(`emisor ${B}.*401`));
    const ledger = sb.ledger();
    // One refused login for B: its later invoices fail without asking again.
    expect(ledger.counters.loginsRefused).toBe(1);
    const acceptedB = new Set(ledger.entries.filter((e) => e.ruc === B).map((e) => String(e.numero)));
    expect(failedB.every((o) => !acceptedB.has(o.numero))).toBe(true);
    expect(ledger.entries).toHaveLength(8 + acceptedB.size);
  });
});

describe('a sheet without issuers rerun under another login', () => {
  // The sheet's journal showed F001-1 and F001-2 accepted for A; rerun with B's login, they were
  // accepted again under B: the same sales issued by two companies.
  it('holds the invoices its journal shows accepted for another issuer, and sends them once the sheet names its issuer', async () => {
    sandbox = await startSandbox({ accounts: ACCOUNTS });
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(1), salesRow(2)]);
    const as = (ruc: string): { credentials: { ruc: string; mail: string; clave: string } } => {
      const account = ACCOUNTS.find((a) => a.ruc === ruc) as SandboxAccount;
      return { credentials: { ruc, mail: account.mail, clave: account.clave } };
    };
    expect((await submit(input, sandbox, { ...as(A), issuerCredentials: {} })).summary.byStatus.ACCEPTED).toBe(2);

    const again = await submit(input, sandbox, { ...as(B), issuerCredentials: {} });
    expect(again.summary.exitCode).not.toBe(0);
    expect(again.outcomes.map((o) => [o.status, o.problems.map((p) => p.code)])).toEqual([
      ['INVALID', ['ALREADY_ISSUED_BY_ANOTHER_ISSUER']],
      ['INVALID', ['ALREADY_ISSUED_BY_ANOTHER_ISSUER']],
    ]);
    expect(again.outcomes[0]?.problems[0]?.message.es).toContain(`ya fue aceptada por el servicio para el RUC ${A}`);
    expect(sandbox.ledger().entries.map((e) => `${e.ruc}-${e.serie}-${e.numero}`)).toEqual([`${A}-F001-1`, `${A}-F001-2`]);
    // A check under B's login says so before anything is sent, as the submission does: INVALID, with the same error.
    const checked = await validateSheet(input, { journal: true, journalIssuer: B, writeFiles: false });
    expect(checked.byStatus.INVALID).toBe(2);
    expect(checked.firstProblems.filter((p) => p.message.includes(`ya fue aceptada por el servicio para el RUC ${A}`)).map((p) => [p.row, p.severity])).toEqual(
      [
        [2, 'error'],
        [3, 'error'],
      ],
    );

    // The sheet says the invoices are B's: they are B's own numbers, sent.
    await writeSalesSheet(input, [salesRow(1, { emisorRuc: B }), salesRow(2, { emisorRuc: B })]);
    expect((await submit(input, sandbox, { ...as(B), issuerCredentials: {} })).summary.byStatus.ACCEPTED).toBe(2);
  });

  // A review's repro: two companies' sheets through one journal, as the workspace keeps one; B's own F001-1 was held.
  it('holds nothing when the journal is shared by other sheets, nor in a sheet that names its issuers', async () => {
    sandbox = await startSandbox({ accounts: ACCOUNTS });
    const journal = join(dir.path, 'envios.journal.jsonl');
    const sheetA = join(dir.path, 'empresa-a.xlsx');
    const sheetB = join(dir.path, 'empresa-b.xlsx');
    await writeSalesSheet(sheetA, [salesRow(1), salesRow(2)]);
    await writeSalesSheet(sheetB, [salesRow(1, { descripcion: 'Servicio de B' }), salesRow(2, { descripcion: 'Otro servicio de B' })]);
    const as = (ruc: string): { credentials: { ruc: string; mail: string; clave: string } } => {
      const account = ACCOUNTS.find((a) => a.ruc === ruc) as SandboxAccount;
      return { credentials: { ruc, mail: account.mail, clave: account.clave } };
    };
    expect((await submit(sheetA, sandbox, { ...as(A), issuerCredentials: {}, journal })).summary.byStatus.ACCEPTED).toBe(2);
    expect((await submit(sheetB, sandbox, { ...as(B), issuerCredentials: {}, journal })).summary.byStatus.ACCEPTED).toBe(2);
    // A sheet naming B on its first rows and leaving A's blank: B's F001-7 accepted first in the run, A's F001-7 is A's own.
    const mixed = join(dir.path, 'mixta.xlsx');
    await writeSalesSheet(mixed, [salesRow(7, { emisorRuc: B }), salesRow(8, { emisorRuc: B }), salesRow(7), salesRow(8)]);
    const both = await submit(mixed, sandbox, { ...as(A), issuerCredentials: logins(), concurrency: 1 });
    expect(both.outcomes.map((o) => `${o.emisorRuc ?? ''}-${o.numero}-${o.status}`)).toEqual([
      `${B}-7-ACCEPTED`,
      `${B}-8-ACCEPTED`,
      `${A}-7-ACCEPTED`,
      `${A}-8-ACCEPTED`,
    ]);
  });

  // A review's repro: the workspace's check said INVOICE_ISSUER_DISAGREES where the submission sent one invoice.
  it('checks, knowing the login, as the submission groups: a blank issuer and the login’s RUC are one invoice', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(1), salesRow(1, { emisorRuc: A, descripcion: 'Segunda línea' })]);
    const outcomes: InvoiceOutcome[] = [];
    await validateSheet(input, { writeFiles: false, journalIssuer: A, onEvent: (e: ImportEvent) => e.type === 'invoice' && outcomes.push(e.outcome) });
    expect(outcomes.map((o) => [o.status, o.rows])).toEqual([['VALID', [2, 3]]]);
  });
});
