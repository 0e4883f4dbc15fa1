import ExcelJS from 'exceljs';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Agent } from 'undici';
import type { Dispatcher } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FacturaError, startSandbox, submitSheet, validateSheet } from '../../src/index.js';
import type { ImportEvent, InvoiceOutcome, PublicSandbox } from '../../src/index.js';
import { COLUMN_NAMES } from '../../src/invoice/canonical-columns.js';
import { THREAD_READ_BYTES } from '../../src/sheet/open-run-rows.js';
import { limaToday } from '../../src/invoice/lima-today.js';
import { openPaths } from '../helpers/open-paths.js';
import { readResultsWorkbook } from '../reliability/results-workbook-reader.js';
import { tempDir } from '../helpers/temp-dir.js';
import { salesRow, writeSalesSheet } from '../helpers/write-sales-sheet.js';

let dir: { path: string; cleanup: () => Promise<void> };
let sandbox: PublicSandbox;
beforeEach(async () => {
  dir = await tempDir('api-');
  sandbox = await startSandbox();
});
afterEach(async () => {
  await sandbox.close();
  await dir.cleanup();
});

/** A service on 127.0.0.1 answering each invoice PUT (its body given) as `answer` says; logins go to the sandbox. `use` gets its address. */
async function withInvoiceService(answer: (body: string) => { status: number; json: unknown }, use: (baseUrl: string) => Promise<void>): Promise<void> {
  const service = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      const { status, json } = answer(text);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  try {
    await use(`http://127.0.0.1:${(service.address() as AddressInfo).port}`);
  } finally {
    service.close();
  }
}

describe('validateSheet', () => {
  it('tells a progress display the sheet, every row with its cells, each invoice and each located problem', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(1), salesRow(2, { receptorNumeroDocumento: '20512333790' })]);
    const events: ImportEvent[] = [];
    const summary = await validateSheet(input, { onEvent: (e) => events.push(e) });

    expect(summary.byStatus.VALID).toBe(1);
    expect(summary.byStatus.INVALID).toBe(1);
    expect(summary.exitCode).toBe(1);
    const sheet = events[0];
    expect(sheet?.type).toBe('sheet');
    if (sheet?.type !== 'sheet') return;
    expect(sheet.header.row).toBe(1);
    const ruc = sheet.header.columns.receptorNumeroDocumento;
    expect(ruc?.letter).toBeDefined();

    const rows = events.filter((e) => e.type === 'row');
    expect(rows.map((r) => r.row)).toEqual([2, 3]);
    expect(rows[1]?.cells[ruc?.index ?? -1]).toBe('20512333790');

    const problem = events.find((e) => e.type === 'problem' && e.problem.column === 'receptorNumeroDocumento');
    expect(problem?.type === 'problem' && problem.problem).toMatchObject({ row: 3, header: 'receptorNumeroDocumento', letter: ruc?.letter, severity: 'error' });
    expect(events.filter((e) => e.type === 'invoice').map((e) => e.type === 'invoice' && e.outcome.status)).toEqual(['VALID', 'INVALID']);
    expect(events.at(-1)).toEqual({ type: 'results', written: summary.paths });
  });

  it("holds an invoice whose next row names no invoice (a mistyped number), and counts that row's problems in the summary", async () => {
    const input = join(dir.path, 'ventas.xlsx');
    // Row 4 belongs to F001-2 by its place but its number was mistyped: it may be F001-2's third line.
    await writeSalesSheet(input, [salesRow(2), salesRow(2, { descripcion: 'Aceite vegetal 1 L' }), { ...salesRow(2), numero: '2a' }, salesRow(3)]);
    const events: ImportEvent[] = [];
    const summary = await validateSheet(input, { onEvent: (e) => events.push(e), writeFiles: false });
    const outcomes = events.flatMap((e) => (e.type === 'invoice' ? [e.outcome] : []));
    expect(outcomes.map((o) => `${o.numero} ${o.status}`)).toEqual(['2 INVALID', '3 VALID']);
    expect(outcomes[0]?.problems.map((p) => p.code)).toEqual(['INVOICE_MAY_MISS_ROW']);
    expect(summary.orphanRows).toBe(1);
    // Every problem listed is counted: F001-2's, and row 4's own two (its number, and that it joins no invoice).
    expect(summary.problems).toEqual({ errors: 3, warnings: 0 });
    expect(summary.exitCode).toBe(1);
  });

  it('sends no problem event with problemEvents: false, and the summary still groups every problem', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    const bad = { receptorNumeroDocumento: '20512333790' };
    await writeSalesSheet(input, [salesRow(1, bad), salesRow(2, bad), salesRow(3)]);
    const events: ImportEvent[] = [];
    const summary = await validateSheet(input, { onEvent: (e) => events.push(e), problemEvents: false, rowEvents: false });

    expect(events.filter((e) => e.type === 'problem')).toEqual([]);
    expect(events.filter((e) => e.type === 'row')).toEqual([]);
    expect(events.filter((e) => e.type === 'invoice').map((e) => e.type === 'invoice' && e.outcome.status)).toEqual(['INVALID', 'INVALID', 'VALID']);
    const group = summary.problemGroups.find((g) => g.column === 'receptorNumeroDocumento');
    expect(group).toMatchObject({ invoices: 2, rows: [2, 3] });
  });

  it('stops reading when its signal is aborted (Ctrl-C): what was checked is written, marked interrupted', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(
      input,
      Array.from({ length: 50 }, (_, i) => salesRow(i + 1)),
    );
    const stop = new AbortController();
    const summary = await validateSheet(input, {
      signal: stop.signal,
      onEvent: (e) => {
        if (e.type === 'invoice') stop.abort(new Error('interrupted'));
      },
    });
    expect(summary.interrupted).toBe(true);
    expect(summary.exitCode).toBe(130);
    // A dry run has nothing in flight: it stops at the next invoice instead of checking the other 49.
    expect(summary.invoices).toBe(1);
    const results = new ExcelJS.Workbook();
    await results.xlsx.readFile(summary.paths.results ?? '');
    expect((results.getWorksheet('Comprobantes')?.rowCount ?? 0) - 1).toBe(1);
  });

  it('goes on when a listener throws, and ends a run it cannot read with a FacturaError', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(1)]);
    const summary = await validateSheet(input, {
      onEvent: () => {
        throw new Error('a broken listener');
      },
    });
    expect(summary.byStatus.VALID).toBe(1);
    const err = await validateSheet(join(dir.path, 'missing.xlsx')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FacturaError);
    expect((err as FacturaError).code).toBe('INPUT');
  });

  it('reads a workbook over 1 MiB in a thread of its own: the same rows, problems at their rows and letters; an abort ends that reading too', async () => {
    const input = join(dir.path, 'grande.xlsx');
    const rows = Array.from({ length: 24_000 }, (_, i) =>
      salesRow(i + 1, {
        // Different texts on every row, so that the shared strings make the file large enough.
        descripcion: `Arroz extra bolsa 5 kg, lote ${(i * 7919) % 100_003}-${(i * 104_729) % 1_000_003}`,
        receptorNombreLegal: `Comercial Andina ${(i * 31_337) % 99_991} S.A.C.`,
        ...(i === 23_990 ? { receptorNumeroDocumento: '20512333790' } : {}),
      }),
    );
    await writeSalesSheet(input, rows);
    expect(statSync(input).size).toBeGreaterThanOrEqual(THREAD_READ_BYTES.xlsx);

    const events: ImportEvent[] = [];
    const summary = await validateSheet(input, { onEvent: (e) => events.push(e), writeFiles: false });
    expect(summary.byStatus).toMatchObject({ VALID: 23_999, INVALID: 1 });
    const sheet = events[0];
    const letter = sheet?.type === 'sheet' ? sheet.header.columns.receptorNumeroDocumento?.letter : undefined;
    const problem = events.find((e) => e.type === 'problem' && e.problem.column === 'receptorNumeroDocumento');
    expect(problem?.type === 'problem' && problem.problem).toMatchObject({ row: 23_992, letter, severity: 'error' });
    const told = events.flatMap((e) => (e.type === 'row' ? [e.row] : []));
    expect(told).toHaveLength(24_000);
    expect(told.every((row, i) => row === i + 2)).toBe(true);

    const stop = new AbortController();
    const stopped = await validateSheet(input, {
      signal: stop.signal,
      writeFiles: false,
      onEvent: (e) => {
        if (e.type === 'invoice') stop.abort(new Error('interrupted'));
      },
    });
    expect(stopped.interrupted).toBe(true);
    expect(stopped.invoices).toBeLessThan(24_000);

    // Refused before its rows are read (the results' folder is missing): the sheet's file and thread are closed at once.
    // A CSV over 10 MiB, read in a thread too, is still open then (a workbook of 1 MiB is read whole by the unzipping).
    const csv = join(dir.path, 'grande.csv');
    const line = (i: number): string => `F001,${i},${limaToday(Date.now())},20512333797,Comercial Andina ${i} S.A.C.,Arroz extra bolsa 5 kg lote ${i},2,18.50`;
    writeFileSync(
      csv,
      [
        'serie,numero,fechaEmision,receptorNumeroDocumento,receptorNombreLegal,descripcion,cantidad,valorVentaUnitario',
        ...Array.from({ length: 120_000 }, (_, i) => line(i + 1)),
      ].join('\n'),
    );
    expect(statSync(csv).size).toBeGreaterThanOrEqual(THREAD_READ_BYTES.text);
    const refused = await validateSheet(csv, { out: join(dir.path, 'no-existe', 'resultados.xlsx') }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'OUTPUT' });
    expect(openPaths()).not.toContain(csv);
    // Writes and reads a 24,000-row workbook twice and a 120,000-row CSV: 8 s alone, 30 s with the whole suite on two cores.
  }, 90_000);

  it('refuses option values out of range with a Spanish usage error, before reading anything', async () => {
    const err = await submitSheet(join(dir.path, 'x.xlsx'), {
      credentials: sandbox.credentials,
      authUrl: sandbox.url,
      baseUrl: sandbox.url,
      concurrency: 0,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FacturaError);
    expect((err as FacturaError).code).toBe('USAGE');
    expect((err as FacturaError).text.es).toContain('concurrency debe ser un número entero de 1 a 64');
    expect(sandbox.ledger().counters.loginRequests).toBe(0);
  });
});

describe('submitSheet', () => {
  it('sends through the dispatcher it is given, and a stop finishes what is in flight; a rerun completes each invoice once', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(
      input,
      Array.from({ length: 30 }, (_, i) => salesRow(i + 1)),
    );
    sandbox.setFaults({ latencyMs: 20 });
    let requests = 0;
    const counting: Dispatcher = new Agent().compose((dispatch) => (opts, handler) => {
      requests += 1;
      return dispatch(opts, handler);
    });
    const stop = new AbortController();
    const options = { credentials: sandbox.credentials, authUrl: sandbox.url, baseUrl: sandbox.url, concurrency: 2, dispatcher: counting };
    /** The service's identificador of each invoice, as each run tells it. */
    const issued = { first: new Map<string, string | undefined>(), skipped: new Map<string, string | undefined>() };
    const first = await submitSheet(input, {
      ...options,
      signal: stop.signal,
      onEvent: (e) => {
        if (e.type === 'invoice' && e.outcome.status === 'ACCEPTED') {
          issued.first.set(`${e.outcome.serie}-${e.outcome.numero}`, e.outcome.answer?.identificador);
          stop.abort();
        }
      },
    });
    expect(first.interrupted).toBe(true);
    expect(first.exitCode).toBe(130);
    expect(first.byStatus.NOT_SENT).toBeGreaterThan(0);
    const sentFirst = first.byStatus.ACCEPTED;
    expect(requests).toBe(1 + sentFirst);

    const second = await submitSheet(input, {
      ...options,
      onEvent: (e) => {
        if (e.type === 'invoice' && e.outcome.status === 'SKIPPED')
          issued.skipped.set(`${e.outcome.serie}-${e.outcome.numero}`, e.outcome.answer?.identificador);
      },
    });
    expect(second.byStatus.SKIPPED).toBe(sentFirst);
    // A skipped invoice still says which document it is: the identificador the first run was given.
    expect(issued.skipped).toEqual(issued.first);
    expect([...issued.first.values()].every((id) => typeof id === 'string' && id !== '')).toBe(true);
    expect(second.byStatus.ACCEPTED).toBe(30 - sentFirst);
    const keys = sandbox.ledger().entries.map((e) => `${e.serie}-${e.numero}`);
    expect(keys).toHaveLength(30);
    expect(new Set(keys).size).toBe(30);
    await counting.close();
  });
});

describe('submitSheet stopped over invoices issued before', () => {
  // A review's repro: a rerun of a sheet already sent, stopped (Ctrl-C, the page's «Detener»), said
  // «NO ENVIADO» of every issued invoice, in the summary, the results workbook and the fix-and-resend file.
  it('says OMITIDO, not NO ENVIADO, of each invoice the journal shows accepted', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(
      input,
      Array.from({ length: 12 }, (_, i) => salesRow(i + 1)),
    );
    const options = { credentials: sandbox.credentials, authUrl: sandbox.url, baseUrl: sandbox.url };
    expect((await submitSheet(input, options)).byStatus.ACCEPTED).toBe(12);
    // Two more invoices, not sent yet: a stop leaves them «no enviado».
    await writeSalesSheet(
      input,
      Array.from({ length: 14 }, (_, i) => salesRow(i + 1)),
    );
    const stop = new AbortController();
    stop.abort();
    const again = await submitSheet(input, { ...options, signal: stop.signal });
    expect(again.interrupted).toBe(true);
    expect(again.byStatus.SKIPPED).toBe(12);
    expect(again.byStatus.NOT_SENT).toBe(2);
    expect(sandbox.ledger().entries).toHaveLength(12);
  });
});

describe('corrections that renumber an issued invoice', () => {
  // A review's repro (the workspace's find-and-replace F001 → F002 over sent invoices): each was issued again under its new number.
  it('hold the invoice at the edited cell, in the check and in the submission, and send nothing', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(1), salesRow(2), salesRow(3)]);
    const options = { credentials: sandbox.credentials, authUrl: sandbox.url, baseUrl: sandbox.url };
    expect((await submitSheet(input, options)).byStatus.ACCEPTED).toBe(3);
    const serie = COLUMN_NAMES.indexOf('serie');
    const numero = COLUMN_NAMES.indexOf('numero');
    const cantidad = COLUMN_NAMES.indexOf('cantidad');
    // Rows 2 and 3 hold F001-1 and F001-2 (row 1 is the header); row 4's quantity is not a key.
    const edits = new Map([
      [2, new Map([[serie, 'F002']])],
      [3, new Map([[numero, '102']])],
      [4, new Map([[cantidad, '3']])],
    ]);
    const held = (outcomes: readonly InvoiceOutcome[]): string[] =>
      outcomes.map((o) =>
        `${o.serie}-${o.numero} ${o.status} ${o.problems
          .filter((p) => p.code === 'ISSUED_INVOICE_RENUMBERED')
          .map((p) => `${p.row ?? ''}:${p.column ?? ''}`)
          .join(',')}`.trim(),
      );

    const checked: InvoiceOutcome[] = [];
    await validateSheet(input, {
      journal: true,
      journalIssuer: sandbox.credentials.ruc,
      edits,
      onEvent: (e) => e.type === 'invoice' && checked.push(e.outcome),
    });
    // F001-3 is issued (the journal): not sent again. Its new quantity is other content, which a check without an issuer (no document built) cannot tell.
    expect(held(checked)).toEqual(['F002-1 INVALID 2:serie', 'F001-102 INVALID 3:numero', 'F001-3 SKIPPED']);
    const message = checked[0]?.problems.find((p) => p.code === 'ISSUED_INVOICE_RENUMBERED')?.message.es ?? '';
    expect(message).toContain('era de la factura F001-1');
    expect(message).toContain('se enviaría como F002-1');

    const sent: InvoiceOutcome[] = [];
    await submitSheet(input, { ...options, edits, onEvent: (e) => e.type === 'invoice' && sent.push(e.outcome) });
    // F001-3 was issued with 2 units: its new quantity is other content, held as before.
    expect(held(sent)).toEqual(['F002-1 INVALID 2:serie', 'F001-102 INVALID 3:numero', 'F001-3 INVALID']);
    expect(sandbox.ledger().entries.map((e) => `${e.serie}-${e.numero}`)).toEqual(['F001-1', 'F001-2', 'F001-3']);
  });
});

describe('submitSheet and the service’s success body', () => {
  it('keeps the whole body of each acceptance in the results workbook, its hash in a column of its own', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(1), salesRow(2)]);
    const bodies = new Map<string, unknown>();
    const summary = await submitSheet(input, {
      credentials: sandbox.credentials,
      authUrl: sandbox.url,
      baseUrl: sandbox.url,
      onEvent: (e) => {
        if (e.type === 'invoice') bodies.set(e.outcome.numero, e.outcome.answer?.body);
      },
    });
    expect(summary.byStatus.ACCEPTED).toBe(2);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(summary.paths.results ?? '');
    const sheet = book.getWorksheet('Comprobantes');
    const header = (sheet?.getRow(1).values as ExcelJS.CellValue[]).map((v) => (typeof v === 'string' ? v : ''));
    const at = (name: string): number => header.indexOf(name);
    for (const n of [2, 3]) {
      const row = sheet?.getRow(n);
      const numero = String(row?.getCell(at('Número')).text);
      const body = bodies.get(numero) as { hash?: unknown; firma?: unknown; identificador?: unknown };
      expect(typeof body.hash).toBe('string');
      expect(typeof body.firma).toBe('string');
      expect(row?.getCell(at('Hash')).value).toBe(body.hash);
      expect(JSON.parse(row?.getCell(at('Respuesta del servicio')).text ?? '')).toEqual(body);
    }

    // A rerun skips both (the journal's word), and still shows each one's identificador and hash.
    const again = await submitSheet(input, { credentials: sandbox.credentials, authUrl: sandbox.url, baseUrl: sandbox.url });
    expect(again.byStatus.SKIPPED).toBe(2);
    const rerun = new ExcelJS.Workbook();
    await rerun.xlsx.readFile(again.paths.results ?? '');
    const skipped = rerun.getWorksheet('Comprobantes');
    for (const n of [2, 3]) {
      const row = skipped?.getRow(n);
      const body = bodies.get(String(row?.getCell(at('Número')).text)) as { hash?: unknown; identificador?: unknown };
      expect(row?.getCell(at('Hash')).value).toBe(body.hash);
      expect(row?.getCell(at('Identificador')).value).toBe(body.identificador);
    }
  });
});

describe('submitSheet while an invoice waits for a retry', () => {
  it('tells which invoice waits, for which attempt, until when and why, before its outcome comes', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(7)]);
    // Every PUT answered 500: one wait before the second and last attempt, then FAILED.
    sandbox.setFaults({ failureRate: 1 });
    const events: ImportEvent[] = [];
    const before = Date.now();
    const summary = await submitSheet(input, {
      credentials: sandbox.credentials,
      authUrl: sandbox.url,
      baseUrl: sandbox.url,
      maxAttempts: 2,
      onEvent: (e) => {
        if (e.type === 'retry-wait' || e.type === 'invoice') events.push(e);
      },
    });
    expect(summary.byStatus.FAILED).toBe(1);
    expect(events.map((e) => e.type)).toEqual(['retry-wait', 'invoice']);
    const [wait] = events;
    expect(wait).toMatchObject({ serie: 'F001', numero: '7', emisorRuc: sandbox.credentials.ruc, attempt: 2, maxAttempts: 2 });
    expect(wait?.type === 'retry-wait' ? wait.reason.es : '').toBe('error interno del servicio (HTTP 500)');
    expect(wait?.type === 'retry-wait' ? wait.until : 0).toBeGreaterThan(before);
  });
});

describe('submitSheet against a service that issues another total', () => {
  it('warns at the invoice that the service issued a total other than the sheet’s; one that agrees gets no word', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    // 2 × 18.50 = 37.00 + IGV 6.66 = 43.66 each.
    await writeSalesSheet(input, [salesRow(1), salesRow(2)]);
    // Logins go to the sandbox; invoices to a service on 127.0.0.1 that accepts each, F001-2 with a cent more.
    await withInvoiceService(
      (text) => {
        const { serie, numero } = (JSON.parse(text) as { datosDocumento: { serie: string; numero: number } }).datosDocumento;
        return { status: 200, json: { identificador: `X-${numero}`, serie, numero, hash: 'h', firma: 'f', total: numero === 2 ? 43.67 : 43.66 } };
      },
      async (baseUrl) => {
        const events: ImportEvent[] = [];
        const summary = await submitSheet(input, { credentials: sandbox.credentials, authUrl: sandbox.url, baseUrl, onEvent: (e) => events.push(e) });
        expect(summary.byStatus.ACCEPTED).toBe(2);
        const outcomes = events.flatMap((e) => (e.type === 'invoice' ? [e.outcome] : []));
        expect(outcomes.map((o) => o.problems.map((p) => `${p.code} ${p.row ?? ''} ${p.value ?? ''}`))).toEqual([[], ['SERVICE_TOTAL_DIFFERS 3 43.67']]);
        expect(outcomes[1]?.problems[0]?.message.es).toBe(
          'El servicio aceptó la factura F001-2 con un total de 43.67, pero según la hoja es 43.66 (diferencia 0.01): la factura emitida es la del servicio. Revísela en el servicio; si su total no es el correcto, corríjala con una nota de crédito, no emitiéndola de nuevo.',
        );
      },
    );
  });
});

describe('submitSheet against a service that echoes the password back', () => {
  it("tells no event, no summary and no file the clave: the service's words come with it taken out", async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(1), salesRow(2)]);
    const { clave } = sandbox.credentials;
    // Logins go to the sandbox; invoices to a service on 127.0.0.1 that refuses each, quoting the password.
    await withInvoiceService(
      () => ({ status: 400, json: { codigo: '400', mensaje: `Credencial ${clave} no admitida`, detalle: `clave=${clave}` } }),
      async (baseUrl) => {
        const events: ImportEvent[] = [];
        const summary = await submitSheet(input, { credentials: sandbox.credentials, authUrl: sandbox.url, baseUrl, onEvent: (e) => events.push(e) });
        expect(summary.byStatus.REJECTED).toBe(2);
        const rejected = events.flatMap((e) => (e.type === 'invoice' ? [e.outcome] : []));
        expect(rejected.map((o) => o.answer?.mensaje)).toEqual(['Credencial [REDACTED] no admitida', 'Credencial [REDACTED] no admitida']);
        expect(JSON.stringify(events)).not.toContain(clave);
        expect(JSON.stringify(summary)).not.toContain(clave);
        expect(summary.firstProblems.map((p) => p.message)).toContain('F001-1 RECHAZADO: Credencial [REDACTED] no admitida: clave=[REDACTED] (HTTP 400)');
        const results = await readResultsWorkbook(summary.paths.results ?? '');
        expect(JSON.stringify(results)).not.toContain(clave);
      },
    );
  });
});

describe('submitSheet of an invoice whose rows come back after another invoice', () => {
  it('sends none of its parts (its first part alone was issued before), and the others as usual', async () => {
    const input = join(dir.path, 'partida.xlsx');
    // F021-1 on rows 2-3, F021-2 on row 4, F021-1 again on row 5.
    await writeSalesSheet(input, [
      { ...salesRow(1), serie: 'F021' },
      { ...salesRow(1), serie: 'F021', descripcion: 'Aceite' },
      { ...salesRow(2), serie: 'F021' },
      { ...salesRow(1), serie: 'F021', descripcion: 'Sal' },
    ]);
    const outcomes: { numero: string; status: string; codes: string[] }[] = [];
    const summary = await submitSheet(input, {
      credentials: sandbox.credentials,
      authUrl: sandbox.url,
      baseUrl: sandbox.url,
      onEvent: (e) =>
        e.type === 'invoice' ? outcomes.push({ numero: e.outcome.numero, status: e.outcome.status, codes: e.outcome.problems.map((p) => p.code) }) : undefined,
    });
    expect(outcomes).toEqual([
      { numero: '1', status: 'INVALID', codes: ['INVOICE_KEY_SPLIT'] },
      { numero: '2', status: 'ACCEPTED', codes: [] },
      { numero: '1', status: 'INVALID', codes: ['INVOICE_KEY_REPEATED'] },
    ]);
    expect(summary.byStatus).toMatchObject({ ACCEPTED: 1, INVALID: 2 });
    expect(
      sandbox
        .ledger()
        .entries.filter((e) => e.serie === 'F021')
        .map((e) => String(e.numero)),
    ).toEqual(['2']);
  });
});

describe('validateSheet of an invoice whose rows come back after another invoice', () => {
  const splitSheet = async (name: string): Promise<string> => {
    const input = join(dir.path, name);
    // F022-1 on rows 2-3, F022-2 on row 4, F022-1 again on row 5: submitSheet sends only F022-2.
    await writeSalesSheet(input, [
      { ...salesRow(1), serie: 'F022' },
      { ...salesRow(1), serie: 'F022', descripcion: 'Aceite' },
      { ...salesRow(2), serie: 'F022' },
      { ...salesRow(1), serie: 'F022', descripcion: 'Sal' },
    ]);
    return input;
  };
  type Told = string | { numero: string; status: string; codes: string[] };
  const told = (events: ImportEvent[]): Told[] =>
    events.flatMap<Told>((e) =>
      e.type === 'invoice'
        ? [{ numero: e.outcome.numero, status: e.outcome.status, codes: e.outcome.problems.map((p) => p.code) }]
        : e.type === 'notice' || e.type === 'sheet'
          ? [e.type]
          : [],
    );
  const asSubmitted = [
    { numero: '1', status: 'INVALID', codes: ['INVOICE_KEY_SPLIT'] },
    { numero: '2', status: 'VALID', codes: [] },
    { numero: '1', status: 'INVALID', codes: ['INVOICE_KEY_REPEATED'] },
  ];

  it('counts none of its parts VALID, as a submission sends none: the check says so and runs again knowing it', async () => {
    const events: ImportEvent[] = [];
    const summary = await validateSheet(await splitSheet('partida-validar.xlsx'), { onEvent: (e) => events.push(e), rowEvents: false });
    // The first run met the rows that come back after F022-1 was checked; the second knows them from the start.
    expect(told(events)).toEqual([
      'sheet',
      { numero: '1', status: 'VALID', codes: [] },
      { numero: '2', status: 'VALID', codes: [] },
      { numero: '1', status: 'INVALID', codes: ['INVOICE_KEY_REPEATED'] },
      'notice',
      'sheet',
      ...asSubmitted,
    ]);
    const notice = events.find((e) => e.type === 'notice');
    expect(notice?.type === 'notice' ? notice.message.es : '').toBe(
      'Una factura vuelve a aparecer más abajo, después de otras facturas (desde la fila 5): se revisa la hoja otra vez para que ninguna parte de ella cuente como lista para enviar.',
    );
    expect(summary.byStatus).toMatchObject({ VALID: 1, INVALID: 2 });
    expect(summary.exitCode).toBe(1);
    // The results workbook is the second run's: F022-1's first part is not VÁLIDO there either.
    const results = await readResultsWorkbook(summary.paths.results ?? '');
    expect(results.invoices.filter((r) => r.serie === 'F022').map((r) => [r.numero, r.filas, r.estado])).toEqual([
      ['1', '2-3', 'INVÁLIDO'],
      ['2', '4', 'VÁLIDO'],
      ['1', '5', 'INVÁLIDO'],
    ]);
    expect(results.problemCodes).toEqual(['INVOICE_KEY_SPLIT', 'INVOICE_KEY_REPEATED']);
  });

  it('checks a sheet without such an invoice once', async () => {
    const events: ImportEvent[] = [];
    const input = join(dir.path, 'ordenada.xlsx');
    await writeSalesSheet(input, [salesRow(1), salesRow(2), salesRow(3)]);
    await validateSheet(input, { onEvent: (e) => events.push(e), rowEvents: false });
    expect(told(events).filter((t) => typeof t === 'string')).toEqual(['sheet']);
  });
});

describe('validateSheet without files (writeFiles: false)', () => {
  it('tells the same events and summary, and writes neither workbook until asked', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(1), salesRow(2, { receptorNumeroDocumento: '20512333790' })]);
    const out = join(dir.path, 'r.xlsx');
    const fixAndResendOut = join(dir.path, 'c.xlsx');
    const quiet: ImportEvent[] = [];
    const none = await validateSheet(input, { out, fixAndResendOut, writeFiles: false, onEvent: (e) => quiet.push(e) });
    expect(none.paths).toEqual({});
    expect(existsSync(out) || existsSync(fixAndResendOut)).toBe(false);

    const told: ImportEvent[] = [];
    const full = await validateSheet(input, { out, fixAndResendOut, onEvent: (e) => told.push(e) });
    expect(full.paths).toEqual({ results: out, fixAndResend: fixAndResendOut });
    expect(existsSync(out) && existsSync(fixAndResendOut)).toBe(true);
    const { paths: _a, ...withoutFiles } = none;
    const { paths: _b, ...withFiles } = full;
    expect(withoutFiles).toEqual(withFiles);
    expect(quiet.filter((e) => e.type !== 'results')).toEqual(told.filter((e) => e.type !== 'results'));
    expect(quiet.at(-1)).toEqual({ type: 'results', written: {} });
  });
});

describe('the problem groups', () => {
  it('count a systematic error once per kind and column, in the summary and at the top of Resumen', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [...Array.from({ length: 6 }, (_, i) => salesRow(i + 1, { receptorNumeroDocumento: '20512333790' })), salesRow(7)]);
    const summary = await validateSheet(input);
    const ruc = summary.problemGroups.find((g) => g.column === 'receptorNumeroDocumento');
    expect(ruc).toMatchObject({ severity: 'error', invoices: 6, occurrences: 6, rows: [2, 3, 4, 5, 6] });
    expect(ruc?.example).toContain('20512333790');

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(summary.paths.results ?? '');
    const rows: unknown[][] = [];
    wb.getWorksheet('Resumen')?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const header = rows.findIndex((r) => r[0] === 'Problemas por tipo y columna');
    expect(header).toBeGreaterThan(0);
    expect(rows[header + 2]?.slice(2, 5)).toEqual([6, '2, 3, 4, 5, 6', 'Error']);
  });
});

describe('corrections over the sheet (edits)', () => {
  it('are seen by the checks and the fix-and-resend file, and leave the original file byte for byte as it was', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(1, { cantidad: 'dos' }), salesRow(2, { receptorNumeroDocumento: '20512333790' }), salesRow(3)]);
    const { createHash } = await import('node:crypto');
    const { readFile } = await import('node:fs/promises');
    const sha = async (): Promise<string> =>
      createHash('sha256')
        .update(await readFile(input))
        .digest('hex');
    const before = await sha();
    const events: ImportEvent[] = [];
    await validateSheet(input, { onEvent: (e) => events.push(e) });
    const sheet = events.find((e) => e.type === 'sheet');
    if (sheet?.type !== 'sheet') throw new Error('no sheet event');
    const cantidad = sheet.header.columns.cantidad?.index ?? -1;
    const ruc = sheet.header.columns.receptorNumeroDocumento?.index ?? -1;

    // Only row 2 corrected: row 3 is still wrong, and the fix file shows row 2 no more.
    const partly = await validateSheet(input, { edits: new Map([[2, new Map([[cantidad, '2']])]]) });
    expect(partly.byStatus).toMatchObject({ VALID: 2, INVALID: 1 });
    const fix = new ExcelJS.Workbook();
    await fix.xlsx.readFile(partly.paths.fixAndResend ?? '');
    const fixRows: unknown[][] = [];
    fix.worksheets[0]?.eachRow((row) => fixRows.push((row.values as unknown[]).slice(1)));
    expect(fixRows).toHaveLength(2);
    expect(fixRows[1]?.[ruc]).toBe('20512333790');

    const fixed = await validateSheet(input, {
      edits: new Map([
        [2, new Map([[cantidad, '2']])],
        [3, new Map([[ruc, '20512333797']])],
      ]),
    });
    expect(fixed.byStatus).toMatchObject({ VALID: 3, INVALID: 0 });
    expect(fixed.paths.fixAndResend).toBeUndefined();
    expect(await sha()).toBe(before);
  });
});
