import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import type { RunningSandbox, SandboxOptions } from '../../src/sandbox/start-sandbox.js';
import { get, invoiceDocument, login, LOGIN_PATH, loginBody, post, putInvoice } from './sandbox-http.js';

const opened: RunningSandbox[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

async function open(options: SandboxOptions): Promise<RunningSandbox> {
  const sb = await startSandbox(options);
  opened.push(sb);
  return sb;
}

/** Sends `count` distinct invoices one after another and returns the status of each. */
async function statuses(sb: RunningSandbox, count: number): Promise<number[]> {
  const { svcToken } = await login(sb.url, sb.account);
  const out: number[] = [];
  for (let n = 1; n <= count; n += 1) out.push((await putInvoice(sb.url, sb.account.ruc, svcToken, invoiceDocument(sb.account.ruc, n))).status);
  return out;
}

/** The error a client sees when its request gets no answer (undici: SocketError). */
async function socketErrorOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    return String((err as { code?: unknown }).code);
  }
  return 'answered';
}

describe('sandbox fault injection', () => {
  it('replays the same sequence of 500s and acceptances under the same seed, another under another seed', async () => {
    const first = await statuses(await open({ seed: 42, failureRate: 0.4 }), 24);
    const second = await statuses(await open({ seed: 42, failureRate: 0.4 }), 24);
    const other = await statuses(await open({ seed: 7, failureRate: 0.4 }), 24);
    expect(second).toEqual(first);
    expect(other).not.toEqual(first);
    expect(first).toContain(500);
    expect(first).toContain(200);
    expect(first.every((s) => s === 200 || s === 500)).toBe(true);
  });

  it('answers an injected failure with 500 and the contract body, without recording the invoice', async () => {
    const sb = await open({ failureRate: 1 });
    const { svcToken } = await login(sb.url, sb.account);
    const a = await putInvoice(sb.url, sb.account.ruc, svcToken, invoiceDocument(sb.account.ruc, 1));
    expect(a.status).toBe(500);
    expect(a.body).toEqual({ codigo: '500', mensaje: 'Error interno del servidor', detalle: expect.stringContaining('Intente nuevamente') as unknown });
    expect(sb.ledger()).toMatchObject({ entries: [], counters: { errors500: 1, accepted: 0 } });
  });

  it('keeps the fault sequence whatever the latency settings (separate random streams)', async () => {
    const plain = await statuses(await open({ seed: 3, failureRate: 0.5 }), 12);
    const jittered = await statuses(await open({ seed: 3, failureRate: 0.5, latencyJitterMs: 3 }), 12);
    expect(jittered).toEqual(plain);
  });

  it('cuts the connection of a dropped request: the client sees a socket error and nothing is recorded', async () => {
    const sb = await open({ dropRate: 1 });
    const { svcToken } = await login(sb.url, sb.account);
    const code = await socketErrorOf(putInvoice(sb.url, sb.account.ruc, svcToken, invoiceDocument(sb.account.ruc, 1)));
    expect(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']).toContain(code);
    expect(sb.ledger()).toMatchObject({ entries: [], counters: { dropped: 1, puts: 1 } });
  });

  it('can accept an invoice and lose the answer, so that a resend meets "ya existe"', async () => {
    const sb = await open({ dropAfterAcceptRate: 1 });
    const { svcToken } = await login(sb.url, sb.account);
    const ruc = sb.account.ruc;
    const code = await socketErrorOf(putInvoice(sb.url, ruc, svcToken, invoiceDocument(ruc, 9)));
    expect(['UND_ERR_SOCKET', 'ECONNRESET']).toContain(code);
    expect(sb.ledger().entries.map((e) => e.identificador)).toEqual([`${ruc}-01-F001-9`]);
    sb.setFaults({ dropAfterAcceptRate: 0 });
    const resend = await putInvoice(sb.url, ruc, svcToken, invoiceDocument(ruc, 9));
    expect(resend.body).toEqual({ message: `El comprobante ${ruc}-01-F001-9 ya existe` });
  });

  it('answers every request with 500 inside an outage window and normally after it (driven clock)', async () => {
    const start = Date.parse('2026-06-01T08:00:00.000Z');
    let now = start;
    const sb = await open({ outages: [{ fromMs: 10_000, toMs: 20_000 }], clock: () => now });
    const ruc = sb.account.ruc;
    const { svcToken } = await login(sb.url, sb.account);
    now = start + 10_000;
    expect((await post(sb.url, LOGIN_PATH, loginBody(sb.account))).status).toBe(500);
    const during = await putInvoice(sb.url, ruc, svcToken, invoiceDocument(ruc, 1));
    expect(during.status).toBe(500);
    expect((during.body as { codigo: string }).codigo).toBe('500');
    now = start + 20_000;
    expect((await putInvoice(sb.url, ruc, svcToken, invoiceDocument(ruc, 1))).status).toBe(200);
    expect(sb.ledger().counters).toMatchObject({ errors500: 2, accepted: 1 });
  });

  it('answers a share of logins with 500 when asked', async () => {
    const sb = await open({ loginFailureRate: 1 });
    expect((await post(sb.url, LOGIN_PATH, loginBody(sb.account))).status).toBe(500);
    expect(sb.ledger().counters).toMatchObject({ loginRequests: 1, logins: 0, errors500: 1 });
  });

  it('delays answers by the configured latency', async () => {
    const sb = await open({ latencyMs: 120 });
    const t0 = performance.now();
    await login(sb.url, sb.account);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(115);
  });

  it('refuses out-of-range faults', async () => {
    await expect(startSandbox({ failureRate: 1.5 })).rejects.toThrow(/failureRate/);
    const sb = await open({});
    expect(() => sb.setFaults({ dropRate: 0.6, failureRate: 0.6 })).toThrow(/must not exceed 1/);
  });
});

describe('sandbox control paths (for a sandbox in another process)', () => {
  it('serves the ledger and the counters at GET /__sandbox/ledger, or the counters alone', async () => {
    const sb = await open({});
    const ruc = sb.account.ruc;
    const { svcToken } = await login(sb.url, sb.account);
    await putInvoice(sb.url, ruc, svcToken, invoiceDocument(ruc, 1));
    await putInvoice(sb.url, ruc, svcToken, invoiceDocument(ruc, 1));
    await putInvoice(sb.url, ruc, undefined, invoiceDocument(ruc, 2));
    await putInvoice(sb.url, ruc, svcToken, { nada: true });
    const full = await get(sb.url, '/__sandbox/ledger');
    expect(full.status).toBe(200);
    expect(full.body).toEqual(JSON.parse(JSON.stringify(sb.ledger())));
    expect(full.body).toMatchObject({
      entries: [{ ruc, serie: 'F001', numero: 1, identificador: `${ruc}-01-F001-1` }],
      counters: {
        loginRequests: 1,
        logins: 1,
        loginsRefused: 0,
        puts: 4,
        accepted: 1,
        rejected: 1,
        duplicates: 1,
        forbidden403: 1,
        errors500: 0,
        dropped: 0,
        maxPutsInFlight: 1,
      },
    });
    const counters = await get(sb.url, '/__sandbox/ledger?entries=false');
    expect(Object.keys(counters.body as object)).toEqual(['counters']);
  });

  it('refuses its control paths to a web page (an Origin) and every path to another host name (DNS rebinding)', async () => {
    // A security review: any page the user visited could set `failureRate: 1` on the workspace's simulator with a
    // plain text/plain form POST, and read its ledger under a rebound host name.
    const sb = await open({});
    const page = await post(sb.url, '/__sandbox/faults', '{"failureRate":1}', { 'content-type': 'text/plain', origin: 'http://evil.example' });
    expect(page.status).toBe(403);
    expect(page.body).toMatchObject({ mensaje: 'Acceso denegado', detalle: 'El simulador solo atiende a programas de este equipo, no a páginas web.' });
    expect(sb.faults().failureRate).toBe(0);
    const rebound = await post(sb.url, LOGIN_PATH, loginBody(sb.account), { 'content-type': 'application/json', host: `evil.example:${sb.port}` });
    expect(rebound.status).toBe(403);
    // A name that only starts like this machine's address, and this machine's address at another port, are not it.
    for (const host of [`127.0.0.1.evil.example:${sb.port}`, `127.evil.example:${sb.port}`, `127.0.0.1:${sb.port + 1}`]) {
      expect((await post(sb.url, LOGIN_PATH, loginBody(sb.account), { 'content-type': 'application/json', host })).status).toBe(403);
    }
    // Programs on this machine (the tests, a CLI in another process) keep every path.
    expect((await post(sb.url, '/__sandbox/faults', { failureRate: 0.5 })).status).toBe(200);
    expect((await post(sb.url, LOGIN_PATH, loginBody(sb.account), { 'content-type': 'application/json', host: `localhost:${sb.port}` })).status).toBe(200);
  });

  it('revokes every token at POST /__sandbox/revoke-tokens', async () => {
    const sb = await open({});
    const ruc = sb.account.ruc;
    const { svcToken } = await login(sb.url, sb.account);
    expect((await post(sb.url, '/__sandbox/revoke-tokens', {})).status).toBe(200);
    expect((await putInvoice(sb.url, ruc, svcToken, invoiceDocument(ruc, 1))).status).toBe(403);
  });

  it('changes faults at POST /__sandbox/faults and refuses invalid ones with 400', async () => {
    const sb = await open({});
    const ruc = sb.account.ruc;
    const { svcToken } = await login(sb.url, sb.account);
    const set = await post(sb.url, '/__sandbox/faults', { failureRate: 1 });
    expect(set.status).toBe(200);
    expect((set.body as { failureRate: number }).failureRate).toBe(1);
    expect((await putInvoice(sb.url, ruc, svcToken, invoiceDocument(ruc, 1))).status).toBe(500);
    expect((await post(sb.url, '/__sandbox/faults', { failureRate: 2 })).status).toBe(400);
    expect((await post(sb.url, '/__sandbox/faults', { noSuchFault: 1 })).status).toBe(400);
    expect(sb.faults().failureRate).toBe(1);
  });
});

describe('sandbox shutdown', () => {
  it('closes with a keep-alive connection open and a request still waiting on latency', async () => {
    const sb = await startSandbox({ latencyMs: 20_000 });
    const pending = socketErrorOf(post(sb.url, LOGIN_PATH, loginBody(sb.account)));
    const deadline = performance.now() + 5_000;
    while (sb.ledger().counters.loginRequests === 0 && performance.now() < deadline) await new Promise((r) => setImmediate(r));
    expect(sb.ledger().counters.loginRequests).toBe(1);
    const t0 = performance.now();
    await sb.close();
    expect(performance.now() - t0).toBeLessThan(2_000);
    expect(await pending).not.toBe('answered');
    await sb.close(); // a second close is harmless
  });
});

describe('sandbox under concurrent load', () => {
  it('records exactly the invoices it answered 200 to, once each, with failures and drops mixed in', async () => {
    const sb = await open({ seed: 11, failureRate: 0.2, dropRate: 0.1 });
    const ruc = sb.account.ruc;
    const { svcToken } = await login(sb.url, sb.account);
    const numbers = Array.from({ length: 200 }, (_, i) => i + 1);
    const answers: { numero: number; status: number | string }[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < numbers.length) {
          const numero = numbers[next++] ?? 0;
          try {
            answers.push({ numero, status: (await putInvoice(sb.url, ruc, svcToken, invoiceDocument(ruc, numero))).status });
          } catch (err) {
            answers.push({ numero, status: String((err as { code?: unknown }).code) });
          }
        }
      }),
    );
    const accepted = answers
      .filter((a) => a.status === 200)
      .map((a) => a.numero)
      .sort((x, y) => x - y);
    const { entries, counters } = sb.ledger();
    expect(entries.map((e) => e.numero).sort((x, y) => x - y)).toEqual(accepted);
    expect(counters.puts).toBe(200);
    expect(counters.accepted + counters.errors500 + counters.dropped).toBe(200);
    expect(answers.filter((a) => a.status === 500)).toHaveLength(counters.errors500);
    expect(answers.filter((a) => typeof a.status === 'string')).toHaveLength(counters.dropped);
    expect(counters.dropped).toBeGreaterThan(0);
  });
});
