/**
 * An .ods whose content.xml is honest (3 sales) and a thumbnail part declared 0 bytes that inflates
 * to [MiB] (400 by default): checkOdsSize counts content.xml only.
 *
 *   npx tsx repro/make-ods-bomb.ts repro/out [MiB]
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { SALES_HEADER, salesLine } from '../test/reliability/sales-sheet.js';
import { writeZip } from '../test/reliability/zip-writer.js';

const MIB = 1024 * 1024;
const dir = resolve(process.argv[2] ?? 'repro/out');
const expanded = Number(process.argv[3] ?? 400) * MIB;
await mkdir(dir, { recursive: true });
const cellOf = (v: string): string => `<table:table-cell office:value-type="string"><text:p>${v}</text:p></table:table-cell>`;
const rows = [[...SALES_HEADER], ...[0, 1, 2].map((i) => salesLine(i, 0, { invoices: 1, fecha: '2026-11-02' }))];
const content = `<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2"><office:body><office:spreadsheet><table:table table:name="Ventas">${rows.map((r) => `<table:table-row>${r.map(cellOf).join('')}</table:table-row>`).join('')}</table:table></office:spreadsheet></office:body></office:document-content>`;
const body = 'x'.repeat(MIB);
await writeZip(join(dir, 'ods-thumbnail-declared-0.ods'), [
  { name: 'mimetype', data: 'application/vnd.oasis.opendocument.spreadsheet' },
  { name: 'content.xml', data: content },
  { name: 'Thumbnails/thumbnail.png', repeated: { head: '', body, times: Math.floor(expanded / MIB), tail: '' }, declaredSize: 0 },
]);
console.log(`wrote ${join(dir, 'ods-thumbnail-declared-0.ods')}`);
