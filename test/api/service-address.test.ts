import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkLogin, submitSheet } from '../../src/index.js';
import { refusal } from '../helpers/refusal.js';
import { tempDir } from '../helpers/temp-dir.js';
import { salesRow, writeSalesSheet } from '../helpers/write-sales-sheet.js';

const credentials = { ruc: '20512333797', mail: 'demo@example.pe', clave: 'demo' };

let dir: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(async () => {
  await dir.cleanup();
});

// A review's repro: an address without its scheme was a TypeError («Invalid URL»), and the CLI said «error interno inesperado».
describe('the service’s addresses', () => {
  it('refuse an address that is not a whole http(s) one, in words, naming the option it was given as', async () => {
    const login = await refusal(checkLogin({ credentials, authUrl: '127.0.0.1:9/auth', baseUrl: 'https://127.0.0.1:9' }));
    expect(login.code).toBe('CONFIG');
    expect(login.text.es).toContain('«127.0.0.1:9/auth» (authUrl) no es válida');
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(1)]);
    const submit = await refusal(submitSheet(input, { credentials, authUrl: 'http://127.0.0.1:9/auth', baseUrl: 'ftp://127.0.0.1:9' }));
    expect(submit.code).toBe('CONFIG');
    expect(submit.text.es).toContain('«ftp://127.0.0.1:9» (baseUrl) no es válida');
  });
});
