import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeWholeReadWorkbook } from '../reliability/make-bad-corpus.js';
import type { SignedInWorkspace } from './browser-session.js';
import { closeWorkspace, openSignedInWorkspace, uploadSheet } from './browser-session.js';

const MIB = 1024 * 1024;

/**
 * The workspace's upload reads a sheet as `validate` does: an XLSX read whole (SheetJS, after
 * exceljs's pass kept missing a part) whose zip directory declared 0 bytes for a part that
 * expands to 256 MB is refused where it is given, in the streaming path's words, and the server
 * did not hold it in memory (it held about 680 MB for a 400 MB part before).
 */
describe('an upload read whole whose zip directory lies about a part', () => {
  let workspace: SignedInWorkspace;
  beforeAll(async () => {
    workspace = await openSignedInWorkspace('factura-web-whole-read-bomb-');
  }, 60_000);
  afterAll(async () => {
    await closeWorkspace(workspace);
  });

  it('is refused with the part named, and an honest one is read', async () => {
    const honest = join(workspace.dir.path, 'ventas.xlsx');
    await writeWholeReadWorkbook(honest, { sales: 3 });
    const read = await uploadSheet(workspace.session, 'ventas.xlsx', await readFile(honest));
    expect(read.status).toBe(200);
    expect(read.json['sheet']).toBe('Ventas');

    const bomb = join(workspace.dir.path, 'bomba.xlsx');
    const part = { name: 'xl/media/image9.emf', repeated: { head: '', body: 'x'.repeat(MIB), times: 256, tail: '' }, declaredSize: 0 };
    await writeWholeReadWorkbook(bomb, { sales: 3, hidden: [part] });
    const refused = await uploadSheet(workspace.session, 'bomba.xlsx', await readFile(bomb));
    expect(refused.status).toBe(422);
    expect(refused.json['error']).toBe(
      'El archivo «bomba.xlsx» no se leyó: su parte xl/media/image9.emf se expande a más de los 0 KB que declara el índice del archivo. Un archivo así está dañado o fue preparado para agotar la memoria (una «bomba zip»). Si es un libro legítimo, ábralo en Excel o LibreOffice y guárdelo como CSV, que se lee sin ese límite.',
    );
    const status = await readFile(`/proc/${workspace.serve.child.pid}/status`, 'utf8');
    expect(Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]) * 1024).toBeLessThan(256 * MIB);
  }, 120_000);
});
