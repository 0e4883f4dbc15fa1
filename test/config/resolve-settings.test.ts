import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfigFile } from '../../src/config/config-file.js';
import { resolveSettings } from '../../src/config/resolve-settings.js';
import { FacturaError } from '../../src/factura-error.js';
import { resolveCatalogueValue } from '../../src/invoice/catalogues.js';
import { tempDir } from '../helpers/temp-dir.js';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => cleanup?.());

async function configFile(content: string): Promise<string> {
  const dir = await tempDir();
  cleanup = dir.cleanup;
  const path = join(dir.path, 'config.json');
  await writeFile(path, content);
  return path;
}

describe('run settings', () => {
  it("with no config file uses the contract's observed close2u values and no issuer", () => {
    const s = resolveSettings({}, undefined);
    expect(s.close2u).toEqual({ tipoIntegracion: 'OFFLINE', tipoPlantilla: '01', tipoRegistro: 'PRECIOS_SIN_IGV' });
    expect(s.issuer).toBeUndefined();
    expect(s.lang).toBe('es');
    expect(s.read.decimalComma).toBe('auto');
  });

  it('lets flags win over the config file for the issuer and the record type', async () => {
    const config = await loadConfigFile(
      await configFile(JSON.stringify({ emisor: { ruc: '20512333797', nombreLegal: 'ACME S.A.C.' }, close2u: { tipoRegistro: 'PRECIOS_CON_IGV' } })),
    );
    const s = resolveSettings({ emisorNombre: 'OTRA S.A.', tipoRegistro: 'PRECIOS_SIN_IGV', delimiter: 'tab' }, config);
    expect(s.issuer).toEqual({ ruc: '20512333797', nombreLegal: 'OTRA S.A.' });
    expect(s.close2u.tipoRegistro).toBe('PRECIOS_SIN_IGV');
    expect(s.read.delimiter).toBe('\t');
  });

  it('takes concurrency and attempts from the config file unless a flag says otherwise', async () => {
    const config = await loadConfigFile(await configFile(JSON.stringify({ concurrency: 12, maxAttempts: 8 })));
    expect(resolveSettings({}, config)).toMatchObject({ concurrency: 12, maxAttempts: 8 });
    expect(resolveSettings({ concurrency: 2 }, config)).toMatchObject({ concurrency: 2, maxAttempts: 8 });
    expect(resolveSettings({}, undefined)).toMatchObject({ concurrency: 4, maxAttempts: 5 });
  });

  it('extends a catalogue from the config file without a code change', async () => {
    const config = await loadConfigFile(await configFile(JSON.stringify({ catalogues: { unidadMedida: ['BOLSA'] } })));
    const s = resolveSettings({}, config);
    expect(resolveCatalogueValue(s.catalogues, 'unidadMedida', 'bolsa')).toBe('BOLSA');
    expect(resolveCatalogueValue(s.catalogues, 'unidadMedida', 'NIU')).toBe('UNIDAD_BIENES');
  });

  it('refuses an issuer RUC that is not 11 digits or whose check digit is wrong, as a configuration error', () => {
    expect(() => resolveSettings({ emisorRuc: '2051233379' }, undefined)).toThrow(FacturaError);
    expect(() => resolveSettings({ emisorRuc: '20512333798' }, undefined)).toThrow(/check digit/);
    expect(resolveSettings({ emisorRuc: '20512333797', emisorNombre: 'X' }, undefined).issuer?.ruc).toBe('20512333797');
  });
});

describe('the config file', () => {
  it('names the wrong field of an invalid config file', async () => {
    const path = await configFile(JSON.stringify({ emisor: { ruc: '123', nombreLegal: 'X' }, colour: 'red' }));
    const err = await loadConfigFile(path).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FacturaError);
    expect((err as FacturaError).code).toBe('CONFIG');
    expect((err as FacturaError).text.es).toContain('emisor.ruc');
  });

  it('says when the config file is not JSON, and where', async () => {
    const path = await configFile('{\n  "emisor": {\n    "ruc": "20512333797",\n  }\n}\n');
    await expect(loadConfigFile(path)).rejects.toMatchObject({
      code: 'CONFIG',
      text: { es: expect.stringContaining('no es JSON válido en la línea 4, columna 3') as unknown },
    });
  });

  it('reads a config file saved with a byte-order mark, as Windows Notepad saves it', async () => {
    const path = await configFile('\uFEFF{ "emisor": { "ruc": "20512333797", "nombreLegal": "ACME S.A.C." } }');
    await expect(loadConfigFile(path)).resolves.toMatchObject({ emisor: { ruc: '20512333797', nombreLegal: 'ACME S.A.C.' } });
  });
});
