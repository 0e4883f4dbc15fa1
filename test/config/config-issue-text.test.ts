import { describe, expect, it } from 'vitest';
import { FacturaError } from '../../src/factura-error.js';
import { parseConfig } from '../../src/config/config-file.js';

/** What a configuration's user reads for each mistake: zod's own words were English («Unrecognized key», «Invalid input»). */
function refusal(json: unknown): { es: string; en: string } {
  try {
    parseConfig(json, 'config.json');
  } catch (error) {
    if (error instanceof FacturaError) return error.text;
    throw error;
  }
  throw new Error('accepted');
}

describe('a configuration refused, in words', () => {
  it('names each mistake at its place, in Spanish, without zod’s words or patterns', () => {
    const said = refusal({
      emisor: { nombreLegal: '', correo: 'ventas-empresa.pe' },
      concurency: 8,
      maxAttempts: 50,
      lang: 'fr',
      close2u: { tipoRegistro: 'CON_IGV' },
      emisores: { '2060111': {} },
    });
    expect(said.es).toBe(
      [
        'Configuración inválida en config.json: emisor.ruc: falta (es obligatorio: un texto entre comillas)',
        'emisor.nombreLegal: no puede estar vacío',
        'emisor.correo: no es una dirección de correo válida',
        'emisores.2060111: la clave debe ser un RUC de 11 dígitos',
        'close2u.tipoRegistro: debe ser uno de: «PRECIOS_SIN_IGV», «PRECIOS_CON_IGV»',
        'maxAttempts: debe ser 20 o menos',
        'lang: debe ser uno de: «es», «en»',
        '(raíz): «concurency» no es una opción de la configuración (¿está bien escrita?)',
      ].join('; '),
    );
    expect(said.es).not.toMatch(/Invalid|Unrecognized|expected|\/\^/);
  });

  it('says what kind of value a field takes, and an RUC’s form', () => {
    expect(refusal({ emisor: { ruc: '2051233379', nombreLegal: 'X' }, concurrency: '8' }).es).toBe(
      'Configuración inválida en config.json: emisor.ruc: debe ser un RUC de 11 dígitos; concurrency: debe ser un número',
    );
    expect(refusal({ concurrency: 2.5 }).en).toBe('Invalid configuration in config.json: concurrency: must be a whole number');
  });

  it('says that a mapping’s keys are the columns’ names, when a sheet’s header was written as a key', () => {
    expect(refusal({ mapping: { Serie: 'serie' } }).es).toBe(
      'Configuración inválida en config.json: mapping: «Serie»: las claves de «mapping» son los nombres de las columnas de factura-import (serie, numero, fechaEmision, receptorNumeroDocumento, descripcion, cantidad, valorVentaUnitario…), y el valor, el encabezado de su hoja; por ejemplo {"serie": "Serie"}',
    );
  });
});
