import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkLogin, listIssuers, startSandbox, submitSheet, validateSheet } from '../../src/index.js';
import type { FacturaError, PublicSandbox } from '../../src/index.js';
import { refusal } from '../helpers/refusal.js';
import { remedyMessages } from '../helpers/remedy-sheets.js';
import { serviceWithoutLegalName } from '../helpers/service-without-legal-name.js';
import { tempDir } from '../helpers/temp-dir.js';
import { salesRow, writeSalesSheet } from '../helpers/write-sales-sheet.js';

// A program passes its values as options: a message that says where to mend one names the option it
// passed (`credentials`, `journal`, `onlyIssuer`…), never the command line's variables and flags
// (FACTURA_RUC, --issuer, --journal…), which that program never set (repro/library-messages.mjs).

let dir: Awaited<ReturnType<typeof tempDir>>;
let sandbox: PublicSandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(async () => {
  await dir.cleanup();
});

/** Neither language names a variable or a flag of the command line. */
function namesNoCommandLine(error: FacturaError): void {
  for (const text of [error.text.es, error.text.en]) {
    expect(text).not.toMatch(/FACTURA_|--[a-z]/u);
  }
}

async function sheet(rows = [salesRow(1)]): Promise<string> {
  const path = join(dir.path, 'ventas.xlsx');
  await writeSalesSheet(path, rows);
  return path;
}

const service = () => ({ authUrl: sandbox.url, baseUrl: sandbox.url });

describe('the library’s messages name the options a program passed', () => {
  it('missing credentials: the default issuer, the per-issuer logins and the restriction to one issuer', async () => {
    const none = await refusal(submitSheet(await sheet(), service()));
    expect(none.code).toBe('CONFIG');
    expect(none.text.es).toBe(
      'Hay facturas válidas sin «RUC emisor» y no hay emisor por omisión (credentials.ruc, emisor.ruc o config.emisor.ruc). No se envió ninguna factura. ' +
        'Para cada RUC, indique el correo y la clave en issuerCredentials ({"<RUC>": {"mail": "…", "clave": "…"}}), o en credentials para el emisor por omisión; ' +
        'o envíe solo un emisor con onlyIssuer: "<RUC>".',
    );
    namesNoCommandLine(none);
  });

  it('an issuer of the sheet without a login among the credentials', async () => {
    const path = await sheet([salesRow(1, { emisorRuc: '20100070970' }), salesRow(2, { emisorRuc: sandbox.credentials.ruc })]);
    const error = await refusal(submitSheet(path, { ...service(), credentials: sandbox.credentials }));
    expect(error.text.es).toContain('Faltan las credenciales del emisor 20100070970');
    expect(error.text.es).toContain('indique el correo y la clave en issuerCredentials');
    namesNoCommandLine(error);
  });

  it('onlyIssuer that is not a RUC', async () => {
    const error = await refusal(listIssuers(await sheet(), { onlyIssuer: '123' }));
    expect(error.text.es).toBe('El RUC de onlyIssuer «123» no es válido (11 dígitos, prefijo 10/15/16/17/20 y dígito verificador).');
    expect(error.text.en).toBe('The onlyIssuer RUC "123" is not valid (11 digits, prefix 10/15/16/17/20 and check digit).');
  });

  it('tipoRegistro against the mapping’s', async () => {
    const error = await refusal(
      validateSheet(await sheet(), { mapping: { tipoRegistro: 'PRECIOS_CON_IGV', serie: 'serie' }, tipoRegistro: 'PRECIOS_SIN_IGV', writeFiles: false }),
    );
    expect(error.code).toBe('USAGE');
    expect(error.text.es).toBe(
      'tipoRegistro PRECIOS_SIN_IGV contradice la asignación de columnas (mapping), que indica tipoRegistro PRECIOS_CON_IGV para sus columnas. Quite uno de los dos.',
    );
    namesNoCommandLine(error);
  });

  it('an output that would be the input: out, fixAndResendOut, journal', async () => {
    const input = await sheet();
    const out = await refusal(validateSheet(input, { out: input }));
    expect(out.text.es).toContain('elija otro archivo (out) para no sobrescribir su hoja');
    const fix = await refusal(validateSheet(input, { fixAndResendOut: input }));
    expect(fix.text.es).toContain('elija otro archivo (fixAndResendOut) para no sobrescribir su hoja');
    const journal = await refusal(submitSheet(input, { ...service(), credentials: sandbox.credentials, journal: input }));
    expect(journal.text.es).toContain('elija otro archivo (journal) para no sobrescribir su hoja');
    expect(journal.text.en).toContain('choose another file (journal)');
    for (const e of [out, fix, journal]) namesNoCommandLine(e);
  });

  it('a service address that is not one', async () => {
    const login = await refusal(checkLogin({ credentials: sandbox.credentials, authUrl: '127.0.0.1:9/auth', baseUrl: sandbox.url }));
    expect(login.text.es).toContain('«127.0.0.1:9/auth» (authUrl) no es válida');
    const submit = await refusal(submitSheet(await sheet(), { credentials: sandbox.credentials, authUrl: sandbox.url, baseUrl: 'ftp://127.0.0.1:9' }));
    expect(submit.text.es).toContain('«ftp://127.0.0.1:9» (baseUrl) no es válida');
    for (const e of [login, submit]) namesNoCommandLine(e);
  });

  it('a login’s RUC that is not one: said before anything is sent, naming credentials.ruc', async () => {
    const error = await refusal(checkLogin({ ...service(), credentials: { ...sandbox.credentials, ruc: '123' } }));
    expect(error.code).toBe('CONFIG');
    expect(error.text.es).toBe('El RUC de credentials.ruc «123» no es válido (11 dígitos, prefijo 10/15/16/17/20 y dígito verificador).');
  });

  it('refused credentials, at checkLogin and at submitSheet', async () => {
    const wrong = { ...sandbox.credentials, clave: 'no-es-la-clave' };
    const login = await refusal(checkLogin({ ...service(), credentials: wrong }));
    const submit = await refusal(submitSheet(await sheet(), { ...service(), credentials: wrong }));
    for (const e of [login, submit]) {
      expect(e.code).toBe('AUTH');
      expect(e.text.es).toContain(
        `Revíselos donde los configuró: credentials (ruc, mail y clave), o issuerCredentials["${sandbox.credentials.ruc}"] (mail y clave).`,
      );
      namesNoCommandLine(e);
    }
  });

  it('a dry run without an issuer, or with its RUC alone, names emisor and config', async () => {
    const none = await validateSheet(await sheet(), { writeFiles: false });
    expect(none.notes).toEqual(['Emisor no configurado (emisor o config.emisor): se revisó todo lo demás; el emisor se tomará del login al enviar.']);
    const rucOnly = await validateSheet(await sheet(), { emisor: { ruc: '20512333797' }, writeFiles: false });
    expect(rucOnly.notes).toEqual([
      'Emisor: RUC 20512333797, sin razón social (emisor.nombreLegal o config.emisor.nombreLegal): se revisó todo; la razón social se tomará del login al enviar.',
    ]);
    const english = await validateSheet(await sheet(), { lang: 'en', writeFiles: false });
    expect(english.notes).toEqual(['No issuer configured (emisor or config.emisor): everything else was checked; submit takes the issuer from the login.']);
    for (const note of [...none.notes, ...rucOnly.notes, ...english.notes]) expect(note).not.toMatch(/--[a-z]/u);
  });

  it('a login that gives no legal name: submitSheet names emisor.nombreLegal and config, and sends nothing', async () => {
    const service = await serviceWithoutLegalName();
    try {
      const credentials = { ruc: '20512333797', mail: 'a@b.pe', clave: 'x' };
      const error = await refusal(submitSheet(await sheet(), { credentials, authUrl: service.url, baseUrl: service.url }));
      expect(error.code).toBe('CONFIG');
      expect(error.text.es).toBe(
        'El servicio no indicó la razón social del emisor 20512333797: indíquela en emisor.nombreLegal, o en config (emisor.nombreLegal, o emisores["20512333797"].nombreLegal).',
      );
      expect(error.text.en).toBe(
        'The service did not give the legal name of issuer 20512333797: set it in emisor.nombreLegal, or in config (emisor.nombreLegal, or emisores["20512333797"].nombreLegal).',
      );
      namesNoCommandLine(error);
      expect(service.puts()).toBe(0);
    } finally {
      await service.close();
    }
  });

  it('a caller that takes its values another way names them (valueNames), over the options’', async () => {
    const error = await refusal(
      validateSheet(await sheet(), { journal: join(dir.path, 'x.xlsx'), out: join(dir.path, 'ventas.xlsx'), valueNames: { out: '--out' } }),
    );
    expect(error.text.es).toContain('elija otro archivo (--out)');
  });

  it('what to do with a sheet names the read options: encoding, includeHidden, decimalComma, mapping, tipoRegistro, mergeSplit, dateOrder, sheet, config', async () => {
    // Real sheets that draw every message saying what to do about the sheet (test/helpers/remedy-sheets.ts), read as a program reads them.
    const said = await remedyMessages(dir.path);
    for (const m of said) {
      for (const text of [m.es, m.en]) {
        expect(text).not.toMatch(/--[a-z]|archivo de mapeo|archivo de configuración|mapping file|configuration file|factura-import/u);
        expect(text).not.toContain('espacio de trabajo');
      }
    }
    const options = [
      'Si ve letras raras, indique la codificación con la opción `encoding`.',
      'Si lo guardó Excel como "CSV", pruebe con la opción `encoding: \'windows-1252\'`.',
      'Para enviarla, muéstrela (o quite el filtro) o use la opción `includeHidden`.',
      'Muestre esas filas o use la opción `includeHidden`.',
      'se lee porque se indicó la opción `includeHidden`.',
      'Indique la opción `decimalComma` (true o false), o escriba el número sin separador de miles.',
      'la asignación de columnas (mapping) indica «Serie de la factura», que no está en la fila de encabezados',
      'La asignación de columnas (mapping) asigna «Correo electrónico» a receptorCorreo',
      'Si alguna debe usarse, asígnela con la opción `mapping`.',
      'o indique cuáles usar con la opción `mapping`.',
      'Deje solo una, renombre la otra o indique cuál usar con la opción `mapping`.',
      'indíquelo en la opción `mapping` con el nombre de la columna y el encabezado de la hoja, por ejemplo { receptorNumeroDocumento: "Identificador" }.',
      'valorVentaUnitario, o la opción `mapping` que las nombre.',
      'Indique cuál es cuál en la opción `mapping`, que nombre cada una por su encabezado y su letra, por ejemplo {"numero": "Número (columna B)", "receptorNumeroDocumento": "Número (columna E)"}.',
      'Si alguna columna no es lo indicado, indíquelo con la opción `mapping`.',
      "Si esos precios ya incluyen el IGV, indique la opción `tipoRegistro: 'PRECIOS_CON_IGV'`; si no,",
      "Si sus precios incluyen el IGV, indique la opción `tipoRegistro: 'PRECIOS_CON_IGV'` y se leerá como el valor unitario",
      "indique la opción `tipoRegistro: 'PRECIOS_CON_IGV'` y cada línea se leerá como 1 unidad a ese precio con IGV",
      "si el importe incluye el IGV, indique la opción `tipoRegistro: 'PRECIOS_CON_IGV'`; si no lo incluye, llame a esa columna «Valor venta»;",
      "Si es así, indique la opción `tipoRegistro: 'PRECIOS_CON_IGV'`;",
      "Si es así, indique la opción `tipoRegistro: 'PRECIOS_SIN_IGV'`.",
      'ordene la hoja por serie y número, o use la opción `mergeSplit` para unirlas.',
      "guarde las fechas como DD/MM/AAAA o con formato de fecha, o indique la opción `dateOrder: 'month-first'`.",
      'Para leer otra, use la opción `sheet`.',
      'Muestre la hoja con las ventas o elíjala con la opción `sheet`.',
      'se lee porque se pidió con la opción `sheet`.',
      'Indique cuál leer con la opción `sheet`, por ejemplo sheet: "Noviembre".',
      'Si el servicio acepta otra unidad, agréguela a config.catalogues.unidadMedida.',
    ];
    for (const option of options)
      expect(
        said.some((m) => m.es.includes(option)),
        option,
      ).toBe(true);
    expect(said.some((m) => m.en.includes('If letters look wrong, set the encoding with the `encoding` option.'))).toBe(true);
    expect(said.some((m) => m.en.includes('Choose one with the `sheet` option, e.g. sheet: "Noviembre".'))).toBe(true);
  });
});
