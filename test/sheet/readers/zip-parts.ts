import { openZipFile } from '../../../src/sheet/open-zip-file.js';
import { readZipEntry } from '../../../src/sheet/read-zip-entry.js';

/** The parts of the zip `file`, in the order it stores them, each read whole (test files are small), to be written again changed (zip-writer.ts). */
export async function zipParts(file: string): Promise<{ name: string; data: Buffer }[]> {
  const { zip, close } = await openZipFile(file);
  const names: string[] = [];
  try {
    for await (const entry of zip.eachEntry()) if (!entry.fileName.endsWith('/')) names.push(entry.fileName);
  } finally {
    await close();
  }
  const parts: { name: string; data: Buffer }[] = [];
  for (const name of names) {
    const chunks: Buffer[] = [];
    for await (const chunk of readZipEntry(file, name, 1 << 24, () => new Error(`${name} is too big`))) chunks.push(chunk);
    parts.push({ name, data: Buffer.concat(chunks) });
  }
  return parts;
}
