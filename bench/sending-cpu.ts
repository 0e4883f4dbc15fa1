/**
 * The sending path alone, in this process: N ready-made contract documents go through
 * createSubmission (journal on disk with fdatasync, hashing, JSON, undici, the token manager) and
 * its dispatch at a given concurrency, against the sandbox in its own process
 * (bench/sandbox-process.ts, 50 ms latency). No sheet, no validation, no results workbook: what
 * is measured is what issue 19 calls the sending half of submit's CPU per invoice. CPU is this
 * process's getrusage (user + system) from the first send to the last outcome; the rate is the
 * sandbox's accepted stamps, as in bench/run.ts. Run it under `node --cpu-prof` for a profile of
 * the sending path without the reading and validating around it.
 *
 * With --bare, the same documents go out through a bare loop instead, the least any sending path
 * that keeps the journal's guarantee must do: per invoice, the attempt line (group commit, one
 * fdatasync a batch), the body (documentJson), one PUT through undici's Agent (dispatchText), the
 * answer parsed, the outcome line. No token manager, hash, journal lookup, p-limit, answer
 * classification, retries, stop signal or events: a floor to hold the sending path's figure
 * against, not a way to send (a 4xx or a network error is just counted).
 *
 * With --json, a last line of JSON gives each rep's CPU per invoice and accepted count (what
 * bench/run.ts reads).
 *
 *   node --import tsx bench/sending-cpu.ts --invoices 3000 --concurrency 32 [--reps 2] [--no-sync] [--bare] [--json]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { markExact } from '../src/invoice/exact-amounts.js';
import { silentLogger } from '../src/logger.js';
import { createSubmission } from '../src/submit/create-submission.js';
import { INVOICE_PATH } from '../src/submit/api-client.js';
import { dispatchText } from '../src/submit/dispatch-text.js';
import { documentJson } from '../src/submit/document-json.js';
import type { Journal } from '../src/submit/journal.js';
import { journalKey } from '../src/submit/journal-state.js';
import { UndiciAgent } from '../src/submit/undici-agent.js';
import { openJournal } from '../src/submit/journal.js';
import { openServiceSession } from '../src/submit/service-session.js';
import type { SendableInvoice } from '../src/submit/submission.js';
import { buildTestInvoice } from '../test/submit/invoice-document-builder.js';
import { sendRateOf, startSandboxProcess } from './sandbox-process.js';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const LATENCY_MS = 50;

const { values } = parseArgs({
  options: {
    invoices: { type: 'string', default: '3000' },
    concurrency: { type: 'string', default: '32' },
    reps: { type: 'string', default: '1' },
    /** `--no-sync`: the journal without fdatasync (what the disk syncs cost, by difference; never the CLI's way). */
    'no-sync': { type: 'boolean', default: false },
    bare: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});
const invoices = Number(values.invoices);
const concurrency = Number(values.concurrency);
const loadavg = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** Documents as the pipeline hands them over: the amounts' exact text recorded beside the numbers. */
function sendables(ruc: string, razonSocial: string, mail: string, offset: number): SendableInvoice[] {
  return Array.from({ length: invoices }, (_, i) => {
    const t = buildTestInvoice({ ruc, razonSocial, mail }, offset + i);
    const lines = t.document['detalleDocumento'] as Record<string, unknown>[];
    for (const line of lines) markExact(line, 'valorVentaUnitarioItem', String(line['valorVentaUnitarioItem']));
    // Only what submission reads of a validated invoice: its draft's key and rows, and its document.
    return { draft: { serie: t.serie, numero: t.numero, rows: [i + 2] }, document: t.document, problems: [] } as unknown as SendableInvoice;
  });
}

/**
 * The bare loop (--bare): `concurrency` workers, each taking the next invoice: attempt line, PUT,
 * answer parsed, outcome line. Resolves to the invoices the service accepted.
 */
async function bareSend(items: readonly SendableInvoice[], journal: Journal, env: NodeJS.ProcessEnv, token: string): Promise<number> {
  const agent = new UndiciAgent({ keepAliveTimeout: 10_000 });
  const ruc = env.FACTURA_RUC ?? '';
  const target = new URL(`${env.FACTURA_BASE_URL ?? ''}${INVOICE_PATH}${ruc}`);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' };
  let next = 0;
  let accepted = 0;
  const worker = async (): Promise<void> => {
    for (let item = items[next++]; item !== undefined; item = items[next++]) {
      const key = journalKey(ruc, item.draft.serie, item.draft.numero);
      await journal.recordAttempt({ key, hash: '', attempt: 1 });
      const answer = await dispatchText(agent, { origin: target.origin, path: target.pathname, method: 'PUT', headers, body: documentJson(item.document) });
      JSON.parse(answer.bodyText);
      if (answer.status >= 200 && answer.status < 300) accepted += 1;
      await journal.recordOutcome({ key, hash: '', status: answer.status < 300 ? 'ACCEPTED' : 'REJECTED', httpStatus: answer.status });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  await agent.close();
  return accepted;
}

const reps: { readonly cpuMsPerInvoice: number; readonly accepted: number }[] = [];
for (let rep = 0; rep < Number(values.reps); rep += 1) {
  const dir = await mkdtemp(join(tmpdir(), 'factura-sending-'));
  const sandbox = await startSandboxProcess({ cwd: ROOT, latencyMs: LATENCY_MS, failRate: 0, seed: 1 });
  const env = sandbox.env;
  const credentials = { ruc: env.FACTURA_RUC ?? '', mail: env.FACTURA_MAIL ?? '', clave: env.FACTURA_CLAVE ?? '' };
  const logger = silentLogger(); // one for the run, as the CLI passes its own
  const session = openServiceSession({
    credentials,
    authUrl: env.FACTURA_AUTH_URL ?? '',
    baseUrl: env.FACTURA_BASE_URL ?? '',
    logger,
    clock: Date.now,
    concurrency,
  });
  const journal = await openJournal(join(dir, 'ventas.journal.jsonl'), { durable: !values['no-sync'] });
  try {
    const items = sendables(credentials.ruc, 'EMPRESA DEMO S.A.C.', credentials.mail, rep * invoices);
    await session.tokens.getToken();
    const submission = createSubmission({ client: session.client, journal, accessFor: () => ({ tokens: session.tokens }), concurrency, logger });
    const sandboxCpu = sandbox.cpuMs();
    const cpu = process.cpuUsage();
    const started = performance.now();
    let accepted = 0;
    if (values.bare) accepted = await bareSend(items, journal, env, (await session.tokens.getToken()).value);
    else
      for await (const { result } of submission.dispatch(Readable.from(items) as AsyncIterable<SendableInvoice>, (invoice) => submission.submit(invoice)))
        if (result.status === 'ACCEPTED') accepted += 1;
    const wallMs = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const sandboxMs = sandbox.cpuMs() - sandboxCpu;
    const ledger = await sandbox.ledger();
    const sendRate = sendRateOf(ledger);
    const ideal = concurrency / (LATENCY_MS / 1000);
    const cpuMsPerInvoice = (used.user + used.system) / 1000 / invoices;
    reps.push({ cpuMsPerInvoice, accepted });
    console.log(
      `${values.bare ? 'bare loop, ' : ''}c=${concurrency}, ${invoices} invoices: ${cpuMsPerInvoice.toFixed(3)} ms CPU/invoice (user ${(used.user / 1000 / invoices).toFixed(3)}, sys ${(used.system / 1000 / invoices).toFixed(3)}); ${(wallMs / 1000).toFixed(1)} s; ${sendRate.toFixed(0)}/s while sending = ${(sendRate / ideal).toFixed(2)} × ideal; accepted ${accepted}, logins ${ledger.counters.logins ?? 0}; sandbox ${(sandboxMs / invoices).toFixed(2)} ms CPU/request; journal ${(journal.stats().lines / journal.stats().batches).toFixed(1)} lines per fdatasync; load ${loadavg()}`,
    );
  } finally {
    await journal.close();
    await session.close();
    await sandbox.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
if (values.json) console.log(JSON.stringify({ reps }));
