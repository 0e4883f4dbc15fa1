import { join } from 'node:path';

/** Where a check's workbooks go: beside its upload, one pair per check (each run writes over the last). */
export function checkFilePaths(storedPath: string): { readonly out: string; readonly fixAndResendOut: string } {
  const dir = join(storedPath, '..');
  return { out: join(dir, 'resultados.xlsx'), fixAndResendOut: join(dir, 'corregir.xlsx') };
}
