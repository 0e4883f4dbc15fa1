import { basename, extname } from 'node:path';

/** `ventas nov.csv` + `resultados.xlsx` → `ventas nov.resultados.xlsx`: what the workspace names a file it gives back, as the CLI names its outputs. */
export function downloadName(fileName: string, suffix: string): string {
  return `${basename(fileName, extname(fileName))}.${suffix}`;
}
