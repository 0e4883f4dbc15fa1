// Inventory: the messages the typed library (dist/index.js) gives a program that passed its values as options.
// Run from the clone after a build: node repro/library-messages.mjs
// Everything stays on 127.0.0.1 (the built-in sandbox, started and closed here; port 9 for an unreachable login).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkLogin, FacturaError, limaDateTime, listIssuers, startSandbox, submitSheet, validateSheet } from '../dist/index.js';

const dir = mkdtempSync(join(tmpdir(), 'libmsg-'));
const today = limaDateTime(Date.now()).slice(0, 10);
const HEADER = 'serie,numero,fechaEmision,receptorNumeroDocumento,receptorNombreLegal,descripcion,cantidad,valorVentaUnitario';
const row = (n, extra = '') => `F001,${n},${today},20512333797,Comercial Andina S.A.C.,Arroz ${n},2,18.50${extra}`;
const sheet = join(dir, 'ventas.csv');
writeFileSync(sheet, [HEADER, row(1), row(2)].join('\n') + '\n');
const twoIssuers = join(dir, 'firma.csv');
writeFileSync(twoIssuers, [HEADER + ',emisorRuc', row(1, ',20100070970'), row(2, ',20512333797')].join('\n') + '\n');
const ownHeaders = join(dir, 'propia.csv');
writeFileSync(ownHeaders, ['Serie,Número,Fecha,RUC cliente,Cliente,Detalle,Cant,Precio', row(1)].join('\n') + '\n');

const sandbox = await startSandbox();
const service = { authUrl: sandbox.url, baseUrl: sandbox.url };
const credentials = sandbox.credentials;

async function said(label, run) {
  try {
    await run();
    console.log(`## ${label}\n(no error)\n`);
  } catch (e) {
    if (!(e instanceof FacturaError)) console.log(`## ${label}\nNOT A FacturaError: ${String(e)}\n`);
    else console.log(`## ${label}\n[${e.code}] ${e.text.es}\n`);
  }
}

try {
  await said('submitSheet: no credentials at all', () => submitSheet(sheet, { ...service }));
  await said('submitSheet: an issuer of the sheet not in the credentials', () => submitSheet(twoIssuers, { ...service, credentials }));
  await said('submitSheet: onlyIssuer not a RUC', () => submitSheet(sheet, { ...service, credentials, onlyIssuer: '123' }));
  await said('validateSheet: mapping contradicts tipoRegistro', () =>
    validateSheet(sheet, { mapping: { tipoRegistro: 'PRECIOS_CON_IGV', serie: 'serie' }, tipoRegistro: 'PRECIOS_SIN_IGV', writeFiles: false }),
  );
  await said('validateSheet: mapping names a header the sheet lacks', () =>
    validateSheet(ownHeaders, { mapping: { serie: 'Serie', numero: 'Nro', fechaEmision: 'Fecha' }, writeFiles: false }),
  );
  await said('validateSheet: out is the input sheet', () => validateSheet(sheet, { out: sheet }));
  await said('submitSheet: journal is the input sheet', () => submitSheet(sheet, { ...service, credentials, journal: sheet }));
  await said('submitSheet: journal is the results workbook', () =>
    submitSheet(sheet, { ...service, credentials, journal: join(dir, 'r.xlsx'), out: join(dir, 'r.xlsx') }),
  );
  await said('checkLogin: authUrl without scheme', () => checkLogin({ credentials, authUrl: '127.0.0.1:9/auth', baseUrl: sandbox.url }));
  await said('submitSheet: baseUrl not http(s)', () => submitSheet(sheet, { credentials, authUrl: sandbox.url, baseUrl: 'ftp://127.0.0.1:9' }));
  await said('checkLogin: credentials.ruc not 11 digits', () => checkLogin({ ...service, credentials: { ...credentials, ruc: '123' } }));
  await said('checkLogin: wrong clave (401)', () => checkLogin({ ...service, credentials: { ...credentials, clave: 'wrong' } }));
  await said('submitSheet: wrong clave (401)', () => submitSheet(sheet, { ...service, credentials: { ...credentials, clave: 'wrong' } }));
  await said('checkLogin: login unreachable (127.0.0.1:9)', () =>
    checkLogin({ credentials, authUrl: 'http://127.0.0.1:9', baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 }),
  );
  await said('listIssuers: onlyIssuer not a RUC', () => listIssuers(sheet, { onlyIssuer: 'x' }));
  const notes = [];
  await validateSheet(sheet, { writeFiles: false, onEvent: (e) => e.type === 'notice' && notes.push(e.message.es) });
  console.log(`## validateSheet without emisor: notices\n${notes.join('\n') || '(none)'}\n`);
  const notes2 = [];
  await validateSheet(sheet, { emisor: { ruc: credentials.ruc }, writeFiles: false, onEvent: (e) => e.type === 'notice' && notes2.push(e.message.es) });
  console.log(`## validateSheet with emisor.ruc only: notices\n${notes2.join('\n') || '(none)'}\n`);
} finally {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
}
