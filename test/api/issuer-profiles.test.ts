import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FacturaError, validateSheet } from '../../src/index.js';
import type { ConfigFile, ImportEvent, InvoiceOutcome } from '../../src/index.js';
import { tempDir } from '../helpers/temp-dir.js';
import { salesRow, writeSalesSheet } from '../helpers/write-sales-sheet.js';

const A = '20601111111';
const B = '20602222226';

let dir: { path: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  dir = await tempDir('issuer-profiles-');
});
afterEach(async () => dir.cleanup());

const CONFIG: ConfigFile = {
  emisores: {
    [A]: { nombreLegal: 'EMPRESA A S.A.C.', correo: 'facturas@a.pe', defaults: { moneda: 'USD' } },
    [B]: { nombreLegal: 'EMPRESA B E.I.R.L.' },
  },
};

async function outcomesOf(
  input: string,
  options: Parameters<typeof validateSheet>[1],
): Promise<{ outcomes: InvoiceOutcome[]; exitCode: number; byStatus: Record<string, number> }> {
  const outcomes: InvoiceOutcome[] = [];
  const summary = await validateSheet(input, { ...options, onEvent: (e: ImportEvent) => e.type === 'invoice' && outcomes.push(e.outcome) });
  return { outcomes, exitCode: summary.exitCode, byStatus: summary.byStatus };
}

describe('issuer profiles (config `emisores`) and --issuer', () => {
  it('checks each issuer’s invoices with its own defaults; the outcome carries its RUC', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(1, { emisorRuc: A }), salesRow(1, { emisorRuc: B })]);
    const { outcomes, exitCode } = await outcomesOf(input, { config: CONFIG });
    expect(outcomes.map((o) => [o.emisorRuc, o.serie, o.numero, o.status, o.moneda])).toEqual([
      [A, 'F001', '1', 'VALID', 'USD'],
      [B, 'F001', '1', 'VALID', 'PEN'],
    ]);
    expect(exitCode).toBe(0);
  });

  it('onlyIssuer leaves the other issuers’ invoices out, counted apart, and the exit code judges only its own', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(1, { emisorRuc: A, receptorNumeroDocumento: '123' }), salesRow(1, { emisorRuc: B }), salesRow(2, { emisorRuc: A })]);
    const { outcomes, exitCode, byStatus } = await outcomesOf(input, { config: CONFIG, onlyIssuer: B });
    expect(outcomes.map((o) => [o.emisorRuc, o.numero, o.status])).toEqual([
      [A, '1', 'LEFT_OUT'],
      [B, '1', 'VALID'],
      [A, '2', 'LEFT_OUT'],
    ]);
    expect(byStatus['LEFT_OUT']).toBe(2);
    expect(byStatus['INVALID']).toBe(0);
    expect(exitCode).toBe(0);
  });

  it('refuses credentials in the config file: an issuer profile holds no secrets', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(1)]);
    const config = { emisores: { [A]: { nombreLegal: 'EMPRESA A', clave: 'secreta' } } } as unknown as ConfigFile;
    const err = await validateSheet(input, { config }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FacturaError);
    expect((err as FacturaError).code).toBe('CONFIG');
  });

  it('refuses an emisores key that is not a valid RUC', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(1)]);
    const err = await validateSheet(input, { config: { emisores: { '20601111112': { nombreLegal: 'X' } } } }).catch((e: unknown) => e);
    expect((err as FacturaError).code).toBe('CONFIG');
    expect((err as FacturaError).text.es).toContain('20601111112');
  });
});
