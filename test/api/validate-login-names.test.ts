import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, submitSheet, validateSheet } from '../../src/index.js';
import type { ImportEvent, PublicSandbox, SandboxAccount } from '../../src/index.js';
import { tempDir } from '../helpers/temp-dir.js';
import { salesRow, writeSalesSheet } from '../helpers/write-sales-sheet.js';

const ACCOUNTS: readonly SandboxAccount[] = [
  { ruc: '20601111111', mail: 'a@estudio.test', clave: 'clave-a', razonSocial: 'EMPRESA A S.A.C.' },
  { ruc: '20602222226', mail: 'b@estudio.test', clave: 'clave-b', razonSocial: 'EMPRESA B E.I.R.L.' },
];
const [A, B] = ACCOUNTS as [SandboxAccount, SandboxAccount];

let dir: { path: string; cleanup: () => Promise<void> };
let sandbox: PublicSandbox | undefined;
beforeEach(async () => {
  dir = await tempDir('validate-login-names-');
});
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
  await dir.cleanup();
});

/**
 * With no issuer configured (the workspace's check), a dry run built no document: a submission takes the legal name
 * and mail from the login. Given what the logins said (loginNames beside loginMails), it builds the one a submission
 * would send, and tells an issued invoice corrected since, as the submission does.
 */
describe('validateSheet with the logins’ legal names and mails', () => {
  it('calls INVÁLIDO an issued invoice corrected since, of the issuer without a config and of another the sheet names', async () => {
    sandbox = await startSandbox({ accounts: ACCOUNTS });
    const input = join(dir.path, 'ventas.xlsx');
    const rows = (cantidad: string) => [salesRow(1), salesRow(2), salesRow(3, { cantidad }), salesRow(4, { emisorRuc: B.ruc, cantidad })];
    await writeSalesSheet(input, rows('2'));
    const sent = await submitSheet(input, {
      authUrl: sandbox.url,
      baseUrl: sandbox.url,
      credentials: { ruc: A.ruc, mail: A.mail, clave: A.clave },
      issuerCredentials: { [B.ruc]: { mail: B.mail, clave: B.clave } },
    });
    expect(sent.byStatus).toMatchObject({ ACCEPTED: 4 });

    await writeSalesSheet(input, rows('3'));
    const problems: string[] = [];
    const onEvent = (e: ImportEvent): void => void (e.type === 'problem' && problems.push(e.problem.message.es));
    const mails = { [A.ruc]: A.mail, [B.ruc]: B.mail };
    const names = { [A.ruc]: A.razonSocial, [B.ruc]: B.razonSocial };
    const checked = await validateSheet(input, { journal: true, journalIssuer: A.ruc, loginMails: mails, loginNames: names, writeFiles: false, onEvent });
    expect(checked.byStatus).toMatchObject({ SKIPPED: 2, INVALID: 2 });
    expect(problems.filter((p) => /ya fue aceptada por el servicio con otro contenido/.test(p))).toHaveLength(2);

    // The mails alone: no legal name, no document built, so it cannot tell (what the workspace's check said).
    const blind = await validateSheet(input, { journal: true, journalIssuer: A.ruc, loginMails: mails, writeFiles: false });
    expect(blind.byStatus).toMatchObject({ SKIPPED: 4 });
  }, 120_000);
});
