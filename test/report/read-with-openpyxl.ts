import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('./dump-xlsx.py', import.meta.url));

export interface PyCell {
  readonly v: string | number | boolean | null;
  /** openpyxl data type: s string, n number, d date, b boolean, f formula, e error. */
  readonly t: string;
  readonly fmt: string;
  readonly fill: string | null;
}
export interface PySheet {
  readonly name: string;
  readonly freeze: string | null;
  readonly autofilter: string | null;
  readonly rows: readonly (readonly PyCell[])[];
}

/** The workbook as openpyxl (Debian's python3-openpyxl, through /usr/bin/python3) reads it. */
export async function readWithOpenpyxl(path: string): Promise<readonly PySheet[]> {
  const { stdout } = await run('/usr/bin/python3', [SCRIPT, path], { maxBuffer: 64 * 1024 * 1024 });
  return (JSON.parse(stdout) as { sheets: PySheet[] }).sheets;
}

export function sheetNamed(sheets: readonly PySheet[], name: string): PySheet {
  const sheet = sheets.find((s) => s.name === name);
  if (sheet === undefined) throw new Error(`no sheet ${name} in ${sheets.map((s) => s.name).join(', ')}`);
  return sheet;
}

/** Values of a row, trailing blanks dropped. */
export function values(sheet: PySheet, rowIndex: number): (string | number | boolean | null)[] {
  const row = (sheet.rows[rowIndex] ?? []).map((c) => c.v);
  while (row.length > 0 && row[row.length - 1] === null) row.pop();
  return row;
}
