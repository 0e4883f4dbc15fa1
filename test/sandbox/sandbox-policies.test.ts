import { describe, expect, it } from 'vitest';
import { formatFechaExpiracion } from '../../src/sandbox/format-fecha-expiracion.js';
import { computeSandboxTotals } from '../../src/sandbox/invoice-totals.js';
import { parseOutage } from '../../src/sandbox/parse-outage.js';
import { inOutage, latencyFor, NO_FAULTS, pickPutFault } from '../../src/sandbox/sandbox-faults.js';
import { createSeededRandom, deriveSeededRandom } from '../../src/sandbox/seeded-random.js';

describe('sandbox policies', () => {
  it('draws the same numbers in [0, 1) from the same seed, and independent streams per purpose', () => {
    const a = createSeededRandom(42);
    const b = createSeededRandom(42);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(new Set(xs).size).toBe(1000);
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
    expect(deriveSeededRandom(42, 'faults')()).not.toBe(deriveSeededRandom(42, 'latency')());
  });

  it('splits one draw into drop, 500, drop-after-accept and none by the configured shares', () => {
    const faults = { ...NO_FAULTS, dropRate: 0.1, failureRate: 0.2, dropAfterAcceptRate: 0.1 };
    expect(pickPutFault(0.05, faults)).toBe('drop');
    expect(pickPutFault(0.1, faults)).toBe('fail500');
    expect(pickPutFault(0.29, faults)).toBe('fail500');
    expect(pickPutFault(0.35, faults)).toBe('dropAfterAccept');
    expect(pickPutFault(0.4, faults)).toBe('none');
    expect(pickPutFault(0, NO_FAULTS)).toBe('none');
  });

  it('adds jitter below its bound to the fixed latency', () => {
    const faults = { ...NO_FAULTS, latencyMs: 100, latencyJitterMs: 50 };
    expect(latencyFor(0, faults)).toBe(100);
    expect(latencyFor(0.999, faults)).toBe(149);
  });

  it('treats an outage window as from-inclusive, to-exclusive', () => {
    const outages = [{ fromMs: 1000, toMs: 2000 }];
    expect([999, 1000, 1999, 2000].map((t) => inOutage(t, outages))).toEqual([false, true, true, false]);
  });

  it('reads --outage windows in seconds and refuses the rest', () => {
    expect(parseOutage('10-20')).toEqual({ fromMs: 10_000, toMs: 20_000 });
    expect(parseOutage('0.5-1.25')).toEqual({ fromMs: 500, toMs: 1250 });
    expect(parseOutage('20-10')).toBeUndefined();
    expect(parseOutage('10')).toBeUndefined();
    expect(parseOutage('-1-5')).toBeUndefined();
  });

  it('writes fechaExpiracion with milliseconds and +00:00, never Z', () => {
    expect(formatFechaExpiracion(Date.parse('2026-11-21T18:04:05Z'))).toBe('2026-11-21T18:04:05.000+00:00');
  });

  it('totals with decimal arithmetic: IGV 18% on taxed lines only, half-up by line', () => {
    const t = computeSandboxTotals([
      { cantidad: '3', valorVentaUnitarioItem: 0.1, tipoAfectacion: 'GRAVADO_OPERACION_ONEROSA' },
      { cantidad: '1', valorVentaUnitarioItem: 0.2, tipoAfectacion: 'GRAVADO_OPERACION_ONEROSA' },
      { cantidad: '2.5', valorVentaUnitarioItem: 4.005, tipoAfectacion: 'INAFECTO_OPERACION_ONEROSA' },
    ]);
    // 0.30 (IGV 0.05) + 0.20 (IGV 0.04) + 10.01 (10.0125 rounded): base 10.51, IGV 0.09
    expect([t.base.toFixed(2), t.igv.toFixed(2), t.total.toFixed(2)]).toEqual(['10.51', '0.09', '10.60']);
  });
});
