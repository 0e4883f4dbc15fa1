import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogueResolver } from '../../src/invoice/catalogue-resolver.js';
import { BUILTIN_CATALOGUES, CATALOGUE_NAMES, extendCatalogues, resolveCatalogueValue } from '../../src/invoice/catalogues.js';

const catalogues = extendCatalogues({ unidadMedida: ['BOLSA'], moneda: ['EUR'] });
const spellings = CATALOGUE_NAMES.flatMap((name) => catalogues[name].flatMap((e) => [e.value, ...(e.codes ?? []), ...(e.words ?? [])]));

describe('catalogueResolver', () => {
  it.each([
    ['unidadMedida', 'NIU', 'UNIDAD_BIENES'],
    ['unidadMedida', 'unidades', 'UNIDAD_BIENES'],
    ['tipoAfectacion', '10', 'GRAVADO_OPERACION_ONEROSA'],
    ['formaPago', 'CRÉDITO', 'CREDITO'],
    ['moneda', 'dolares americanos', 'USD'],
    ['unidadMedida', 'bolsa', 'BOLSA'],
    ['moneda', 'Bitcoin', undefined],
    ['tipoAfectacion', '10 - Gravado - Operación Onerosa', 'GRAVADO_OPERACION_ONEROSA'],
    ['tipoAfectacion', '20 – Exonerado', 'EXONERADO_OPERACION_ONEROSA'],
    ['tipoAfectacion', '11 - Gravado – Retiro por premio', 'GRAVADO_RETIRO_POR_PREMIO'],
    ['tipoAfectacion', 'Gravado – Retiro por premio', 'GRAVADO_RETIRO_POR_PREMIO'],
    ['tipoAfectacion', '10 - Exonerado', undefined],
    ['tipoAfectacion', '99 - Gravado', undefined],
    ['unidadMedida', 'NIU - Unidad (bienes)', 'UNIDAD_BIENES'],
    ['unidadMedida', 'LTS', 'LITRO'],
    // Refused before (a review's 09-unidades-monedas.csv), though each is in the catalogue.
    ['unidadMedida', 'GR', 'GRAMO'],
    ['unidadMedida', 'HR', 'HORA'],
    ['unidadMedida', 'JGO', 'JUEGO'],
    ['unidadMedida', 'TN/TM', 'TONELADAS'],
    ['unidadMedida', 'TM', 'TONELADAS'],
    ['unidadMedida', 'PZ', 'UNIDAD_BIENES'],
    ['medioPago', '001: Depósito en cuenta', 'DEPOSITO_CUENTA'],
    // As offices write the tax treatment and the unit.
    ['tipoAfectacion', 'Afecto al IGV', 'GRAVADO_OPERACION_ONEROSA'],
    ['tipoAfectacion', '18%', 'GRAVADO_OPERACION_ONEROSA'],
    ['tipoAfectacion', 'No afecto', 'INAFECTO_OPERACION_ONEROSA'],
    ['tipoAfectacion', 'Exonerado del IGV', 'EXONERADO_OPERACION_ONEROSA'],
    ['unidadMedida', 'Pza.', 'UNIDAD_BIENES'],
    // The treatment with its rate, the rate agreeing with what the run applies.
    ['tipoAfectacion', 'Gravada 18%', 'GRAVADO_OPERACION_ONEROSA'],
    ['tipoAfectacion', 'Gravado (18 %)', 'GRAVADO_OPERACION_ONEROSA'],
    ['tipoAfectacion', 'Op. Gravada - 18,00%', 'GRAVADO_OPERACION_ONEROSA'],
    ['tipoAfectacion', '10 - Gravado - Operación Onerosa 18%', 'GRAVADO_OPERACION_ONEROSA'],
    ['tipoAfectacion', 'Gravado – IVAP 4%', 'GRAVADO_IVAP'],
    ['tipoAfectacion', 'Exonerado 0%', 'EXONERADO_OPERACION_ONEROSA'],
    ['tipoAfectacion', 'Inafecto (0%)', 'INAFECTO_OPERACION_ONEROSA'],
    ['tipoAfectacion', 'Op. Inafecta', 'INAFECTO_OPERACION_ONEROSA'],
    ['tipoAfectacion', 'Gravado 10%', undefined],
    ['tipoAfectacion', 'Exonerado 18%', undefined],
    ['tipoAfectacion', 'IVAP 18%', undefined],
    // The service's own name as the code of a code and description.
    ['moneda', 'PEN - Soles', 'PEN'],
    ['moneda', 'USD – Dólares americanos', 'USD'],
    ['moneda', 'USD - Soles', undefined],
    ['unidadMedida', 'CAJA - Cajas', 'CAJA'],
    // One of the two in parentheses: both must name the same value.
    ['moneda', 'Soles (PEN)', 'PEN'],
    ['moneda', 'PEN (Soles)', 'PEN'],
    ['unidadMedida', 'Unidad (NIU)', 'UNIDAD_BIENES'],
    ['tipoOperacion', 'Venta interna (0101)', 'VENTA_INTERNA'],
    ['tipoDocumentoIdentidad', 'RUC (6)', 'RUC'],
    ['moneda', 'Soles (USD)', undefined],
    ['unidadMedida', 'Unidad (bolsa)', undefined],
    ['moneda', 'MN', 'PEN'],
  ] as const)('resolves %s «%s» to %s', (name, input, expected) => {
    expect(catalogueResolver(catalogues)(name, input)).toBe(expected);
  });

  it('answers exactly as resolveCatalogueValue for any spelling, case or accent', () => {
    const input = fc.oneof(
      fc.constantFrom(...spellings).chain((s) => fc.constantFrom(s, s.toLowerCase(), s.toUpperCase(), ` ${s} `, s.replace(/_/g, ' '))),
      // A code with a description, agreeing or not: `10 - Exonerado`.
      fc.tuple(fc.constantFrom(...spellings), fc.constantFrom(' - ', ' – ', ': ', ') '), fc.constantFrom(...spellings)).map(([a, sep, b]) => `${a}${sep}${b}`),
      // One of two spellings in parentheses after the other: `Soles (PEN)`.
      fc.tuple(fc.constantFrom(...spellings), fc.constantFrom(...spellings)).map(([a, b]) => `${a} (${b})`),
      // A treatment with a rate, agreeing or not: `Gravada 18%`, `Exonerado (18%)`.
      fc
        .tuple(fc.constantFrom(...spellings), fc.constantFrom(' ', ' (', ' - '), fc.constantFrom('0', '4', '10', '18', '18,00', '4.0'))
        .map(([a, sep, r]) => `${a}${sep}${r}%${sep === ' (' ? ')' : ''}`),
      fc.string({ maxLength: 8 }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...CATALOGUE_NAMES), input, fc.constantFrom(catalogues, BUILTIN_CATALOGUES), (name, text, cats) => {
        expect(catalogueResolver(cats)(name, text)).toBe(resolveCatalogueValue(cats, name, text));
      }),
      { numRuns: 2000 },
    );
  });
});
