/**
 * Not a test: measures the CSV reader on a generated 1,000,000-row, 16-column file.
 * Run: npx tsx test/sheet/readers/measure-csv-memory.ts
 * The parent writes the file in /tmp, reads it through openRowSource in a child process (a fresh
 * heap), prints peak RSS at 100k and 1M rows and rows/s, and deletes the file.
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { openRowSource } from '../../../src/sheet/open-row-source.js';
import { eachOf } from '../../helpers/batches.js';

const ROWS = 1_000_000;

async function generate(path: string): Promise<void> {
  const out = createWriteStream(path);
  const header = [
    'serie',
    'numero',
    'fechaEmision',
    'receptorNumeroDocumento',
    'receptorRazonSocial',
    'moneda',
    'descripcion',
    'cantidad',
    'precioUnitario',
    'unidad',
    'tipoAfectacion',
    'codigo',
    'observacion',
    'direccion',
    'email',
    'formaPago',
  ];
  out.write(header.join(';') + '\r\n');
  for (let i = 1; i <= ROWS; i++) {
    const line = `F001;${i};05/11/2024;20123456789;"Comercial ""El Sol"" S.A.C.";PEN;Servicio de limpieza nº ${i};${(i % 7) + 1};${(i % 997) + 0.5};NIU;10;P-${i};;Av. Arequipa 123, Lima;ventas@example.com;Contado\r\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

async function child(path: string): Promise<void> {
  const started = process.hrtime.bigint();
  const source = await openRowSource(path);
  let n = 0;
  for await (const row of eachOf(source.batches)) {
    n++;
    if (row.cells.length !== 16) throw new Error(`row ${row.row} has ${row.cells.length} cells`);
    if (n === 100_001 || n === ROWS + 1) {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const maxRssMb = process.resourceUsage().maxRSS / 1024;
      console.log(`${n - 1} data rows: peak RSS ${maxRssMb.toFixed(0)} MB, ${Math.round((n - 1) / seconds)} rows/s`);
    }
  }
}

if (process.argv[2] === '--child') {
  await child(process.argv[3] ?? '');
} else {
  const path = join(tmpdir(), `factura-readers-1m-${process.pid}.csv`);
  try {
    await generate(path);
    const result = spawnSync(process.execPath, [...process.execArgv, process.argv[1] ?? '', '--child', path], { stdio: 'inherit' });
    if (result.status !== 0) process.exitCode = 1;
  } finally {
    await rm(path, { force: true });
  }
}
