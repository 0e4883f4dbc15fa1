import { afterEach, describe, expect, it } from 'vitest';
import { NO_FAULTS, pickPutFault } from '../../src/sandbox/sandbox-faults.js';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import type { RunningSandbox } from '../../src/sandbox/start-sandbox.js';
import { invoiceDocument, login, putInvoice } from './sandbox-http.js';

let sandbox: RunningSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

describe('the sandbox refusing documents it would accept (refuseRate)', () => {
  it('answers 400 with the contract’s error body and a reason, records nothing, and accepts the same document once the rate is 0', async () => {
    sandbox = await startSandbox({ refuseRate: 1 });
    const { svcToken } = await login(sandbox.url, sandbox.account);
    const doc = invoiceDocument(sandbox.account.ruc, 5);
    const refused = await putInvoice(sandbox.url, sandbox.account.ruc, svcToken, doc);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      codigo: '400',
      mensaje: 'Comprobante rechazado',
      detalle: 'El servicio rechazó el comprobante F001-5 (rechazo simulado del sandbox: refuseRate).',
    });
    expect(sandbox.ledger().entries).toEqual([]);
    expect(sandbox.ledger().counters).toMatchObject({ rejected: 1, accepted: 0 });
    sandbox.setFaults({ refuseRate: 0 });
    expect((await putInvoice(sandbox.url, sandbox.account.ruc, svcToken, doc)).status).toBe(200);
    expect(sandbox.ledger().entries).toHaveLength(1);
  });

  it('takes its share of the one draw per PUT after the others, and the shares together stay at most 1', () => {
    const faults = { ...NO_FAULTS, failureRate: 0.2, refuseRate: 0.3 };
    expect(pickPutFault(0.1, faults)).toBe('fail500');
    expect(pickPutFault(0.3, faults)).toBe('refuse');
    expect(pickPutFault(0.6, faults)).toBe('none');
    return expect(startSandbox({ failureRate: 0.8, refuseRate: 0.3 })).rejects.toThrow(/refuseRate must not exceed 1/);
  });
});
