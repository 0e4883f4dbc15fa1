/**
 * An instant in the contract's exact `fechaExpiracion` format: UTC, milliseconds and a numeric
 * offset, e.g. `2026-11-21T18:04:05.000+00:00` (never the `Z` of `toISOString`).
 */
export function formatFechaExpiracion(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/Z$/, '+00:00');
}
