import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { allowedValues, BUILTIN_CATALOGUES, CATALOGUE_NAMES, extendCatalogues, resolveCatalogueValue } from '../../src/invoice/catalogues.js';
import { facturaDocumentSchemaFor } from '../../src/invoice/factura-document.js';
import { CONTRACT_ENUMERATIONS } from '../../src/sandbox/contract-enumerations.js';
import type { EnumerationName } from '../../src/sandbox/contract-enumerations.js';
import { DEMO_ACCOUNT } from '../../src/sandbox/sandbox-account.js';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import type { RunningSandbox } from '../../src/sandbox/start-sandbox.js';
import { invoiceDocument, login, putInvoice, withField } from './sandbox-http.js';

let sandbox: RunningSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

const RUC = DEMO_ACCOUNT.ruc;

/** Where each enumeration sits in an invoice document. */
const FIELD_PATHS: Readonly<Record<EnumerationName, string>> = {
  tipoIntegracion: 'close2u.tipoIntegracion',
  tipoPlantilla: 'close2u.tipoPlantilla',
  tipoRegistro: 'close2u.tipoRegistro',
  formaPago: 'datosDocumento.formaPago',
  medioPago: 'datosDocumento.medioPago',
  moneda: 'datosDocumento.moneda',
  tipoOperacion: 'informacionAdicional.tipoOperacion',
  tipoDocumentoIdentidad: 'receptor.tipoDocumentoIdentidad',
  tipoAfectacion: 'detalleDocumento.0.tipoAfectacion',
  unidadMedida: 'detalleDocumento.0.unidadMedida',
};

/** The enumerations table of docs/service-contract.md (§2.4): field → values, in order. */
async function documentedEnumerations(): Promise<Record<string, string[]>> {
  const text = await readFile(new URL('../../docs/service-contract.md', import.meta.url), 'utf8');
  const section = text.split('### 2.4 Enumerations')[1]?.split('\n## ')[0] ?? '';
  const table: Record<string, string[]> = {};
  for (const line of section.split('\n')) {
    const cells = /^\| `(\w+)` \| (.+) \|$/.exec(line);
    if (cells?.[1] === undefined || cells[2] === undefined) continue;
    table[cells[1]] = [...cells[2].matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
  }
  return table;
}

describe("the sandbox's own copy of the contract's enumerations", () => {
  it('is exactly the table of docs/service-contract.md, in its order', async () => {
    const documented = await documentedEnumerations();
    expect(Object.keys(documented)).toHaveLength(10);
    expect(documented).toEqual(CONTRACT_ENUMERATIONS);
  });

  it("names the same values as the importer's built-in catalogues, so a drift on either side fails here", () => {
    expect([...CATALOGUE_NAMES].sort()).toEqual(Object.keys(CONTRACT_ENUMERATIONS).sort());
    for (const name of CATALOGUE_NAMES) {
      const importer = new Set(allowedValues(BUILTIN_CATALOGUES, name));
      const contract = new Set<string>(CONTRACT_ENUMERATIONS[name]);
      expect({ name, onlyInImporter: [...importer].filter((v) => !contract.has(v)) }).toEqual({ name, onlyInImporter: [] });
      expect({ name, onlyInContract: [...contract].filter((v) => !importer.has(v)) }).toEqual({ name, onlyInContract: [] });
    }
  });

  it('accepts every value of every enumeration', async () => {
    sandbox = await startSandbox();
    const { svcToken } = await login(sandbox.url, sandbox.account);
    let numero = 0;
    for (const [name, values] of Object.entries(CONTRACT_ENUMERATIONS) as [EnumerationName, readonly string[]][]) {
      for (const value of values) {
        numero += 1;
        const a = await putInvoice(sandbox.url, RUC, svcToken, withField(invoiceDocument(RUC, numero), FIELD_PATHS[name], value));
        expect({ name, value, status: a.status }).toEqual({ name, value, status: 200 });
      }
    }
    expect(sandbox.ledger().entries).toHaveLength(numero);
  });

  it('refuses a value the importer accepts from its (extended) catalogues but the contract does not list', async () => {
    // A user who adds "SERVICIO" to unidadMedida in the config file: the importer resolves a
    // sheet's "Servicio"... to it and its document schema passes. The service refuses it.
    const catalogues = extendCatalogues({ unidadMedida: ['SERVICIO'] });
    const value = resolveCatalogueValue(catalogues, 'unidadMedida', 'SERVICIO');
    expect(value).toBe('SERVICIO');
    const doc = withField(invoiceDocument(RUC, 1), FIELD_PATHS.unidadMedida, value);
    expect(facturaDocumentSchemaFor(catalogues).safeParse(doc).success).toBe(true);

    sandbox = await startSandbox();
    const { svcToken } = await login(sandbox.url, sandbox.account);
    const a = await putInvoice(sandbox.url, RUC, svcToken, doc);
    expect(a.status).toBe(400);
    expect((a.body as { mensaje: string }).mensaje).toBe(
      `El valor "SERVICIO" no está permitido en detalleDocumento[0].unidadMedida. Valores permitidos: ${CONTRACT_ENUMERATIONS.unidadMedida.join(', ')}`,
    );
    expect(sandbox.ledger().entries).toEqual([]);
  });
});
