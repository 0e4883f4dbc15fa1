import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IssuerAccess } from '../../src/web/issuer-access.js';
import { createIssuerAccess } from '../../src/web/issuer-access.js';
import { issuersOfCheck } from '../../src/web/issuer-routes.js';
import type { WorkspaceStore } from '../../src/web/workspace-store.js';
import { openWorkspaceStore } from '../../src/web/workspace-store.js';
import { tempDir } from '../helpers/temp-dir.js';

const ID = '22222222-2222-4222-8222-222222222222';
const A = '20601111111';
const B = '20602222226';
const AT = '2026-11-23T10:00:00.000Z';
/** Columns of the little sheet below: serie, unidadMedida, emisorRuc. */
const COLUMNS = { serie: 0, unidadMedida: 1, emisorRuc: 2 };

describe('value maps in the workspace store', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  let store: WorkspaceStore;

  beforeEach(async () => {
    dir = await tempDir('factura-maps-store-');
    store = openWorkspaceStore(join(dir.path, 'db.sqlite'));
    store.createCheck({ id: ID, fileName: 'ventas.xlsx', storedPath: join(dir.path, 'hoja-subida'), createdAt: AT });
    store.startCheck(ID, [], 'hoja');
    const writer = store.writer(ID);
    writer.addRow(2, { near: ['F001', 'BOLSITA', A] });
    writer.addRow(3, { near: ['F001', 'BOLSITA', B] });
    writer.addRow(4, { near: ['F001', 'BOLSITA', null] });
    writer.addRow(5, { near: ['F001', 'NIU', A] });
    writer.addProblem({ row: 2, colIndex: 1, header: 'unidadMedida', code: 'UNKNOWN_CATALOGUE_VALUE', severity: 'error', message: { es: 'x', en: 'x' } });
    writer.flush();
    store.finishCheck(ID, { summary: {}, rowsRead: 4 });
    store.setCheckColumns(ID, COLUMNS);
  });
  afterEach(async () => {
    store.close();
    await dir.cleanup();
  });

  it('applies each map to its issuer’s rows only (emisorRuc, else the default issuer), one undoable batch per map, once', () => {
    store.rememberValueMap({ ruc: A, column: 'unidadMedida', from: 'BOLSITA', to: 'NIU', at: AT });
    store.rememberValueMap({ ruc: A, column: 'moneda', from: 'SOLESS', to: 'PEN', at: AT }); // a column this sheet lacks
    expect(store.valueMapsApplied(ID)).toBeUndefined();
    // Row 4 has no emisorRuc: it is the default issuer's, here A.
    expect(store.applyValueMaps(ID, A, AT)).toBe(2);
    expect(store.valueMapsApplied(ID)).toBe(2);
    expect(store.editsBetween(ID, 2, 5).map((e) => [e.row, e.col, e.original, e.value])).toEqual([
      [2, 1, 'BOLSITA', 'NIU'],
      [4, 1, 'BOLSITA', 'NIU'],
    ]);
    const check = store.getCheck(ID);
    expect(check?.editsVersion).not.toBe(check?.checkedVersion);
    expect(store.undoLastEdit(ID)).toBe(2);
    expect(store.countEditedCells(ID)).toBe(0);
  });

  it('sees an emisorRuc corrected by the user: the row becomes that issuer’s', () => {
    store.addEdit(ID, { row: 3, col: 2, value: A, at: AT });
    store.rememberValueMap({ ruc: A, column: 'unidadMedida', from: 'BOLSITA', to: 'NIU', at: AT });
    expect(store.applyValueMaps(ID, undefined, AT)).toBe(2); // rows 2 and 3; row 4 has no known issuer
    store.rememberValueMap({ ruc: '', column: 'unidadMedida', from: 'BOLSITA', to: 'UNIDAD_BIENES', at: AT });
    expect(store.listValueMaps().map((m) => [m.ruc, m.to])).toEqual([
      ['', 'UNIDAD_BIENES'],
      [A, 'NIU'],
    ]);
  });

  it('offers the last change as a map when the check had flagged its cells as unknown to the catalogue, with the issuers of its rows', () => {
    expect(store.replaceInColumn(ID, { col: 1, find: 'BOLSITA', replace: 'NIU', at: AT })).toBe(3);
    expect(store.valueMapOffer(ID, B)).toEqual({ col: 1, from: 'BOLSITA', to: 'NIU', issuers: [A, B] });
    expect(store.valueMapOffer(ID, undefined)).toEqual({ col: 1, from: 'BOLSITA', to: 'NIU', issuers: ['', A, B] });
    // Changed again, the cell's map still starts from what the sheet says.
    expect(store.replaceInColumn(ID, { col: 1, find: 'NIU', replace: 'UNIDAD_BIENES', at: AT })).toBe(4);
    expect(store.valueMapOffer(ID, B)).toEqual({ col: 1, from: 'BOLSITA', to: 'UNIDAD_BIENES', issuers: [A, B] });
    // A change of a cell the check did not flag offers nothing.
    store.addEdit(ID, { row: 5, col: 0, value: 'F002', at: AT });
    expect(store.valueMapOffer(ID, A)).toBeUndefined();
  });

  it('keeps the last submission of each check', () => {
    const first = store.startSubmission({ checkId: ID, at: AT, environment: 'Simulador local' });
    store.finishSubmission(first, { at: AT, byStatus: { ACCEPTED: 1, REJECTED: 1 }, interrupted: true });
    const second = store.startSubmission({ checkId: ID, at: '2026-11-23T11:00:00.000Z', environment: 'Simulador local', issuer: A });
    expect(store.latestSubmissions().get(ID)).toEqual({
      id: second,
      checkId: ID,
      startedAt: '2026-11-23T11:00:00.000Z',
      environment: 'Simulador local',
      issuer: A,
      interrupted: false,
    });
    store.finishSubmission(second, { at: AT, byStatus: { ACCEPTED: 2 }, interrupted: false });
    expect(store.latestSubmissions().get(ID)?.byStatus).toEqual({ ACCEPTED: 2 });
  });
});

describe('the issuers of a checked sheet, for the confirmation', () => {
  const access = (defaultRuc?: string): IssuerAccess =>
    createIssuerAccess({
      authUrl: 'http://127.0.0.1:9',
      baseUrl: 'http://127.0.0.1:9',
      environment: 'x',
      ...(defaultRuc !== undefined ? { credentials: { ruc: defaultRuc, mail: 'm', clave: 'c' } } : {}),
      issuerCredentials: { [B]: { mail: 'b', clave: 'cb' } },
    });
  const totals = (moneda: string, invoices: number, total: string) => ({ moneda, invoices, base: total, igv: '0.00', total });
  const check = {
    id: ID,
    fileName: 'x',
    storedPath: 'x',
    createdAt: AT,
    state: 'done' as const,
    rowsRead: 0,
    errorRows: 0,
    editsVersion: 0,
    checkedVersion: 0,
    sendCut: false,
    // B counted by RUC; 3 invoices without one (a dry run does not know the default issuer).
    summary: {
      invoices: 5,
      byStatus: { VALID: 4, INVALID: 1 },
      totals: [totals('PEN', 4, '400.10')],
      byIssuer: [{ ruc: B, invoices: 2, byStatus: { VALID: 1, INVALID: 1 }, totals: [totals('PEN', 1, '100.05')] }],
    },
  };

  it('gives the invoices without RUC to the default issuer, with what is left of the totals to the cent', () => {
    expect(issuersOfCheck(check, access(A))).toEqual([
      {
        ruc: B,
        invoices: 2,
        toSend: 1,
        accepted: 0,
        issuedBefore: 0,
        invalid: 1,
        totals: [totals('PEN', 1, '100.05')],
        access: 'configurado',
        isDefault: false,
      },
      {
        ruc: A,
        invoices: 3,
        toSend: 3,
        accepted: 0,
        issuedBefore: 0,
        invalid: 0,
        totals: [totals('PEN', 3, '300.05')],
        access: 'configurado',
        isDefault: true,
      },
    ]);
  });

  it('leaves out of each issuer’s «Por enviar» its valid invoices the journal shows as issued already (SKIPPED), and counts them apart', () => {
    // As a check stores it: the issued ones SKIPPED («ACEPTADO ANTES»), not VALID, and counted by issuer beside.
    const issued = {
      ...check,
      summary: {
        ...check.summary,
        byStatus: { VALID: 1, SKIPPED: 3, INVALID: 1 },
        byIssuer: [{ ruc: B, invoices: 2, byStatus: { SKIPPED: 1, INVALID: 1 }, totals: [totals('PEN', 1, '100.05')] }],
        issuedBefore: 3,
        issuedBeforeByIssuer: { [B]: 1, [A]: 2 },
      },
    };
    // Nothing taken away twice: «Por enviar» is the valid ones, the issued ones among those accepted before.
    expect(issuersOfCheck(issued, access(A)).map((i) => [i.ruc, i.toSend, i.accepted, i.issuedBefore])).toEqual([
      [B, 0, 1, 1],
      [A, 1, 2, 2],
    ]);
  });

  it('gives those a check counted before any issuer was known (the journal’s own issuer) to the default issuer, however it is known now', () => {
    const issued = {
      ...check,
      summary: { ...check.summary, byStatus: { VALID: 2, SKIPPED: 2, INVALID: 1 }, issuedBefore: 2, issuedBeforeByIssuer: { '': 2 } },
    };
    expect(issuersOfCheck(issued, access(undefined)).map((i) => [i.ruc, i.toSend, i.accepted, i.issuedBefore])).toEqual([
      [B, 1, 0, 0],
      [undefined, 1, 2, 2],
    ]);
    expect(issuersOfCheck(issued, access(A)).map((i) => [i.ruc, i.toSend, i.accepted, i.issuedBefore])).toEqual([
      [B, 1, 0, 0],
      [A, 1, 2, 2],
    ]);
  });

  it('adds them to the default issuer’s own entry when it is counted by RUC too, and says when no issuer is known', () => {
    expect(issuersOfCheck(check, access(B))[0]).toMatchObject({ ruc: B, invoices: 5, toSend: 4, invalid: 1, totals: [totals('PEN', 4, '400.10')] });
    expect(issuersOfCheck(check, access(undefined))[1]).toEqual({
      invoices: 3,
      toSend: 3,
      accepted: 0,
      issuedBefore: 0,
      invalid: 0,
      totals: [totals('PEN', 3, '300.05')],
      access: 'falta',
      isDefault: true,
    });
  });
});
