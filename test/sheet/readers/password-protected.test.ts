import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateSheet } from '../../../src/index.js';
import { tempDir } from '../../helpers/temp-dir.js';

/**
 * Excel saves a workbook with a password to open as a compound file holding «EncryptionInfo» and
 * «EncryptedPackage», as a .xls is. It was refused as «parece un libro de Excel 97-2003 (.xls), pero
 * no se pudo leer: File is password-protected. Ábralo en Excel y guárdelo como .xlsx»: the wrong
 * kind, SheetJS's English, and advice that keeps the password.
 */
/** SheetJS's compound-file writer, which its types leave untyped. */
const CFB = XLSX.CFB as unknown as {
  utils: { cfb_new(): unknown; cfb_add(cfb: unknown, name: string, content: Buffer): void };
  write(cfb: unknown, options: { type: 'buffer' }): Buffer;
};

describe('a workbook saved with a password to open', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  beforeEach(async () => {
    dir = await tempDir('protegido-');
  });
  afterEach(async () => dir.cleanup());

  it('is refused in words: protected by a password, and how to remove it', async () => {
    const cfb = CFB.utils.cfb_new();
    CFB.utils.cfb_add(cfb, '/EncryptionInfo', Buffer.from([4, 0, 4, 0, 0x40, 0, 0, 0, ...Array<number>(200).fill(1)]));
    CFB.utils.cfb_add(cfb, '/EncryptedPackage', Buffer.alloc(4096, 7));
    const path = join(dir.path, 'ventas.xlsx');
    await writeFile(path, CFB.write(cfb, { type: 'buffer' }));
    const refused = validateSheet(path, { writeFiles: false });
    await expect(refused).rejects.toMatchObject({ code: 'INPUT' });
    const text = await refused.catch((error: { text: { es: string } }) => error.text.es);
    expect(text).toContain('está protegido con una contraseña para abrirlo');
    expect(text).toContain('quítele la contraseña');
    expect(text).not.toMatch(/password|97-2003/);
  });
});
