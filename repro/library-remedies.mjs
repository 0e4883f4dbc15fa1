// What a program calling the library is told to do about a sheet: the options it passes, not the CLI's flags.
// Run from the clone after a build: node repro/library-remedies.mjs
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateSheet } from '../dist/index.js';

const dir = mkdtempSync(join(tmpdir(), 'remedies-'));
const path = join(dir, 'windows.csv');
const header = 'Serie;Número;Fecha;RUC cliente;Razón social;Descripción;Cantidad;Valor unitario;Zona de reparto';
writeFileSync(path, Buffer.from(`${header}\r\nF001;1;20/11/2026;20512333797;Compañía Andina S.A.C.;Arroz;1,500;20;Norte\r\n`, 'latin1'));
for (const wording of [undefined, 'command-line', 'workspace']) {
  const said = [];
  await validateSheet(path, {
    writeFiles: false,
    ...(wording ? { wording } : {}),
    onEvent: (e) => (e.type === 'problem' ? said.push(e.problem.message.es) : undefined),
  });
  console.log(`== ${wording ?? 'library (default)'}`);
  for (const m of said) console.log(`  ${m.replace(dir, '…')}`);
}
