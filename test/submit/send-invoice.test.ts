import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import type { RunningSandbox } from '../../src/sandbox/start-sandbox.js';
import { createApiClient } from '../../src/submit/api-client.js';
import type { ApiClient } from '../../src/submit/api-client.js';
import { documentHash } from '../../src/submit/document-hash.js';
import { openJournal } from '../../src/submit/journal.js';
import { journalKey } from '../../src/submit/journal-state.js';
import type { Journal } from '../../src/submit/journal.js';
import { sendInvoice } from '../../src/submit/send-invoice.js';
import { createTokenManager } from '../../src/submit/token-manager.js';
import { tempDir } from '../helpers/temp-dir.js';
import { buildTestInvoice } from './invoice-document-builder.js';

const sleep = (ms: number, signal?: AbortSignal): Promise<void> => delay(ms, undefined, signal ? { signal } : {});
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJydWMiOiIyMDUxMjMzMzc5NyJ9.c2lnbmF0dXJlLXNpZ25hdHVyZQ';

let dir: { path: string; cleanup: () => Promise<void> };
let journal: Journal;
const closers: (() => Promise<unknown>)[] = [];
beforeEach(async () => {
  dir = await tempDir('send-');
  journal = await openJournal(join(dir.path, 'j.jsonl'));
});
afterEach(async () => {
  await journal.close();
  for (const close of closers.splice(0)) await close();
  await dir.cleanup();
});

function wire(url: string, account: { ruc: string; mail: string; clave: string }): { client: ApiClient; tokens: ReturnType<typeof createTokenManager> } {
  const client = createApiClient({ authUrl: url, baseUrl: url });
  closers.push(() => client.close());
  const tokens = createTokenManager({ login: () => client.login(account), clock: Date.now });
  return { client, tokens };
}

async function sandboxWith(options: Parameters<typeof startSandbox>[0]): Promise<RunningSandbox> {
  const sb = await startSandbox(options);
  closers.push(() => sb.close());
  return sb;
}

const ACCOUNT = { ruc: '20512333797', mail: 'a@b.pe', clave: 'x' };

/**
 * A service on 127.0.0.1 that logs in anyone and answers the n-th PUT with `statuses[n]` (the last
 * one after; 200: an acceptance; 429 with Retry-After 0; others: an error body); the client and
 * token manager wired to it, invoice F001-`numero`, and how many logins and PUTs it saw.
 */
async function serviceAnswering(statuses: readonly number[], numero: number) {
  const seen = { logins: 0, puts: 0 };
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'POST') {
        seen.logins++;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ marcaToken: JWT, fechaExpiracion: '2099-01-01T00:00:00.000+00:00', ruc: ACCOUNT.ruc, razonSocial: 'X', estado: 'ACTIVO' }));
        return;
      }
      const status = statuses[seen.puts++] ?? statuses.at(-1) ?? 500;
      res.writeHead(status, { 'content-type': 'application/json', ...(status === 429 ? { 'retry-after': '0' } : {}) });
      res.end(
        JSON.stringify(
          status === 200
            ? { identificador: 'X-1', hash: 'h', total: 1 }
            : status === 403
              ? { codigo: '403', mensaje: 'Acceso denegado', detalle: 'Token inválido' }
              : { codigo: String(status), mensaje: 'No', detalle: 'No' },
        ),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => server.close(r)));
  const { client, tokens } = wire(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, ACCOUNT);
  const invoice = buildTestInvoice({ ruc: ACCOUNT.ruc, razonSocial: 'X', mail: ACCOUNT.mail }, numero);
  const key = journalKey(ACCOUNT.ruc, invoice.serie, invoice.numero);
  return { client, tokens, invoice, key, hash: documentHash(invoice.document), seen };
}

describe('sendInvoice', () => {
  it('fails an invoice whose repeat after a renewal is refused again, without looping', async () => {
    const { client, tokens, key, hash, invoice, seen } = await serviceAnswering([403], 1);
    const result = await sendInvoice({ key, hash, ruc: ACCOUNT.ruc, document: invoice.document }, { client, tokens, journal, sleep });
    expect(result.status).toBe('FAILED');
    expect(result.attempts).toBe(2);
    expect(result.answer).toEqual({ httpStatus: 403, codigo: '403', mensaje: 'Acceso denegado', detalle: 'Token inválido' });
    expect(seen.puts).toBe(2);
    expect(seen.logins).toBe(2);
  });

  // An invoice failed on 403s or 429s was journaled as «sent, no known outcome», so a later «ya existe»
  // for its number (another sheet's document) confirmed it as ACEPTADO: a sale never issued.
  it.each([
    [[403, 403], 'none'],
    [[429, 429], 'none'],
    [[500, 429], 'sent-unknown'],
  ] as const)('journals a failed invoice answered %j as %s for the next run', async (answers, prior) => {
    const { client, tokens, key, hash, invoice, seen } = await serviceAnswering(answers, 1);
    const result = await sendInvoice(
      { key, hash, ruc: ACCOUNT.ruc, document: invoice.document },
      { client, tokens, journal, sleep, maxAttempts: 2, retryBaseMs: 1, retryMaxMs: 1 },
    );
    expect(result.status).toBe('FAILED');
    expect(seen.puts).toBe(2);
    await journal.close();
    journal = await openJournal(join(dir.path, 'j.jsonl'));
    expect(journal.priorState(key, hash)).toBe(prior);
  });

  it('gives NOT_SENT, not an error, for an invoice whose wait for a login the run’s stop ends', async () => {
    const stop = new AbortController();
    // A token manager waiting an hour for its next login (a test account): its wait ends with the stop signal.
    let logins = 0;
    const waiting = createTokenManager({
      clock: Date.now,
      login: () => {
        logins += 1;
        return Promise.resolve({ token: 'x', expiresAt: Date.now() + 3_600_000 });
      },
      minRenewalIntervalMs: 60 * 60_000,
      signal: stop.signal,
    });
    const first = await waiting.getToken();
    void waiting.renewAfterForbidden(first).catch(() => undefined); // held back: every getToken now waits for it
    const invoice = buildTestInvoice({ ruc: '20512333797', razonSocial: 'X', mail: 'a@b.pe' }, 1);
    const key = journalKey('20512333797', invoice.serie, invoice.numero);
    const client = createApiClient({ authUrl: 'http://127.0.0.1:9', baseUrl: 'http://127.0.0.1:9' });
    closers.push(() => client.close());
    const sending = sendInvoice(
      { key, hash: documentHash(invoice.document), ruc: '20512333797', document: invoice.document },
      { client, tokens: waiting, journal, sleep, signal: stop.signal },
    );
    stop.abort();
    expect((await sending).status).toBe('NOT_SENT');
    expect(logins).toBe(1);
  });

  it('renews the token again for a refusal that comes attempts after the first one, with another answer between', async () => {
    // A short-lived token expiring twice in one invoice's retries: 403, then 500 (past the access
    // check), then 403 again, then accepted. Before, the second 403 failed the invoice (ci78's soak).
    const { client, tokens, key, hash, invoice, seen } = await serviceAnswering([403, 500, 403, 200], 2);
    const result = await sendInvoice(
      { key, hash, ruc: ACCOUNT.ruc, document: invoice.document },
      { client, tokens, journal, sleep, retryBaseMs: 1, retryMaxMs: 5 },
    );
    expect(result.status).toBe('ACCEPTED');
    expect(result.attempts).toBe(4);
    expect(seen.puts).toBe(4);
  });

  it('reports a rejected invoice with the service words and does not retry it', async () => {
    const sb = await sandboxWith({});
    const { client, tokens } = wire(sb.url, sb.account);
    const invoice = buildTestInvoice(sb.account, 3);
    const datos = invoice.document['datosDocumento'] as Record<string, unknown>;
    datos['moneda'] = 'EUR';
    const key = journalKey(sb.account.ruc, invoice.serie, invoice.numero);
    const result = await sendInvoice(
      { key, hash: documentHash(invoice.document), ruc: sb.account.ruc, document: invoice.document },
      { client, tokens, journal, sleep },
    );
    expect(result.status).toBe('REJECTED');
    expect(result.attempts).toBe(1);
    expect(result.answer?.mensaje).toContain('EUR');
    expect(journal.priorState(key, documentHash(invoice.document))).toBe('none');
  });

  it('reports a number issued elsewhere as DUPLICATE, but as ACCEPTED when the journal says this run sent it', async () => {
    const sb = await sandboxWith({});
    const { client, tokens } = wire(sb.url, sb.account);
    const invoice = buildTestInvoice(sb.account, 4);
    const input = {
      key: journalKey(sb.account.ruc, invoice.serie, invoice.numero),
      hash: documentHash(invoice.document),
      ruc: sb.account.ruc,
      document: invoice.document,
    };
    expect((await sendInvoice(input, { client, tokens, journal, sleep })).status).toBe('ACCEPTED');
    const again = await sendInvoice(input, { client, tokens, journal, sleep });
    expect(again.status).toBe('DUPLICATE');
    expect(again.answer?.mensaje).toContain('ya existe');
    // With nothing in the journal about it, it may still be this very invoice, sent from elsewhere: never renumber it blindly.
    expect(again.note?.es).toContain('puede ser ella misma: consúltelo en el servicio antes de darle otro número');
    const confirmed = await sendInvoice({ ...input, priorState: 'sent-unknown' }, { client, tokens, journal, sleep });
    expect(confirmed.status).toBe('ACCEPTED');
    expect(confirmed.note?.en).toContain('confirmed by duplicate');
    // Two versions of it went out without an answer: which one the service holds is not known.
    const versions = await sendInvoice({ ...input, priorState: 'versions-sent-unknown' }, { client, tokens, journal, sleep });
    expect(versions.status).toBe('UNKNOWN');
    expect(versions.note?.es).toContain('no se sabe cuál tiene el servicio');
  });

  it('never confirms by duplicate a version of an invoice when another version went out without an answer', async () => {
    const sb = await sandboxWith({ dropAfterAcceptRate: 1 });
    const { client, tokens } = wire(sb.url, sb.account);
    const first = buildTestInvoice(sb.account, 5);
    const key = journalKey(sb.account.ruc, first.serie, first.numero);
    const send = (document: Record<string, unknown>, maxAttempts: number) => {
      const hash = documentHash(document);
      const prior = journal.priorState(key, hash);
      if (prior === 'accepted' || prior === 'accepted-different-content') throw new Error(`the run would not send it: ${prior}`);
      return sendInvoice(
        { key, hash, ruc: sb.account.ruc, document, priorState: prior },
        { client, tokens, journal, sleep, maxAttempts, retryBaseMs: 1, retryMaxMs: 2 },
      );
    };
    // Accepted, its answer lost: out of attempts, it may be issued: INCIERTO, not ERROR, with what to do.
    const lost = await send(first.document, 1);
    expect(lost.status).toBe('UNKNOWN');
    expect(lost.note?.es).toContain('puede estar emitida. Envíela de nuevo sin cambios para confirmarlo');
    // The sheet corrected (another price) and sent: the service holds the first version, and says so.
    sb.setFaults({ dropAfterAcceptRate: 0 });
    const corrected = structuredClone(first.document);
    const item = (corrected['detalleDocumento'] as Record<string, unknown>[])[0] as Record<string, unknown>;
    item['valorVentaUnitarioItem'] = Number(item['valorVentaUnitarioItem']) + 1;
    expect(journal.priorState(key, documentHash(corrected))).toBe('other-sent-unknown');
    const refused = await send(corrected, 3);
    expect(refused.status).toBe('DUPLICATE');
    expect(refused.note?.es).toContain('lo más probable es que el servicio tenga esa versión, no esta');
    // The first version again: still the one the journal may have issued, now confirmed.
    expect(journal.priorState(key, documentHash(first.document))).toBe('sent-unknown');
    const confirmed = await send(first.document, 3);
    expect(confirmed.status).toBe('ACCEPTED');
    expect(confirmed.note?.es).toContain('confirmado por duplicado');
    expect(sb.ledger().entries.filter((e) => `${e.serie}-${e.numero}` === `${first.serie}-${first.numero}`)).toHaveLength(1);
  });

  it('does not send an invoice once the run is stopped, and gives one in flight a bounded wait, then UNKNOWN', async () => {
    const sb = await sandboxWith({});
    const { client, tokens } = wire(sb.url, sb.account);
    await tokens.getToken(); // logged in beforehand; only the PUT is slow
    sb.setFaults({ latencyMs: 2_000 });
    const invoice = buildTestInvoice(sb.account, 5);
    const input = {
      key: journalKey(sb.account.ruc, invoice.serie, invoice.numero),
      hash: documentHash(invoice.document),
      ruc: sb.account.ruc,
      document: invoice.document,
    };
    const stopped = new AbortController();
    stopped.abort();
    expect(await sendInvoice(input, { client, tokens, journal, sleep, signal: stopped.signal })).toMatchObject({ status: 'NOT_SENT', attempts: 0 });
    expect(sb.ledger().counters.puts).toBe(0);

    const stop = new AbortController();
    const pending = sendInvoice(input, { client, tokens, journal, sleep, signal: stop.signal, inflightGraceMs: 50 });
    while (sb.ledger().counters.puts === 0) await delay(5);
    stop.abort();
    const result = await pending;
    expect(result.status).toBe('UNKNOWN');
    expect(result.attempts).toBe(1);
    expect(result.durationMs).toBeLessThan(1_500);
    expect(journal.priorState(input.key, input.hash)).toBe('sent-unknown');
  });
});
