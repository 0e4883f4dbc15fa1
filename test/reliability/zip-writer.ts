import { open } from 'node:fs/promises';
import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A deliberately small ZIP writer for hostile test files (zip bombs, hand-made workbooks whose
 * part order matters). Real workbooks in the tests are written by exceljs; this exists because no
 * ordinary producer writes a 1 GiB part from a few hundred kilobytes without holding it.
 */
export interface ZipPart {
  readonly name: string;
  /** Uncompressed content, deflated here. */
  readonly data?: Buffer | string;
  /**
   * A part made of `head`, then `body` repeated `times`, then `tail`, deflated once per piece
   * (the deflate state is reset by a full flush between pieces, so the compressed body can be
   * repeated as is): the expanded size grows with `times` while the file stays small.
   */
  readonly repeated?: { readonly head: string; readonly body: string; readonly times: number; readonly tail: string };
  /**
   * Listed in the directory, but stored after the end record, as that record's comment: a reader
   * that goes by the directory (yauzl, SheetJS) finds the part, one that streams the file from its
   * start (unzipper, under exceljs) stops at the end record without seeing it, as when such a pass
   * ends early. At most 64 KiB of such parts.
   */
  readonly afterEnd?: boolean;
  /**
   * The expanded size the local header and the directory declare for the part, instead of its real
   * one: a zip that lies about it (a bomb that hopes to pass the directory's check).
   */
  readonly declaredSize?: number;
  /**
   * Listed in the directory, but its local entry (header and compressed data) is written inside
   * the data of a stored part of this name, which takes its place: a reader that goes by the
   * directory (yauzl, SheetJS) finds the part at its offset there, one that streams the file from
   * its start (unzipper, under exceljs) passes over it as the other part's bytes. Unlike `afterEnd`,
   * of any size.
   */
  readonly enclosedIn?: string;
}

interface Written {
  readonly name: Buffer;
  readonly crc: number;
  readonly compressedSize: number;
  readonly size: number;
  readonly offset: number;
  /** 8 deflated, 0 stored. */
  readonly method: number;
}

const FULL_FLUSH = { finishFlush: constants.Z_FULL_FLUSH };

export async function writeZip(path: string, parts: readonly ZipPart[]): Promise<void> {
  const file = await open(path, 'w');
  try {
    let offset = 0;
    const append = async (buffer: Buffer): Promise<void> => {
      await file.write(buffer);
      offset += buffer.length;
    };
    const written: Written[] = [];
    const later: { part: ZipPart; local: Buffer[] }[] = [];
    /** The part's local header and data, and its directory entry at `at`. */
    const encode = (part: ZipPart, at: number): { entry: Written; local: Buffer[] } => {
      const name = Buffer.from(part.name, 'utf8');
      let pieces: { bytes: Buffer; times: number }[];
      let crc = 0;
      let size: number;
      if (part.repeated) {
        const { head, body, times, tail } = part.repeated;
        const [h, b, t] = [Buffer.from(head), Buffer.from(body), Buffer.from(tail)];
        crc = crc32(h, crc);
        for (let i = 0; i < times; i++) crc = crc32(b, crc);
        crc = crc32(t, crc);
        size = h.length + b.length * times + t.length;
        pieces = [
          { bytes: deflateRawSync(h, FULL_FLUSH), times: 1 },
          { bytes: deflateRawSync(b, FULL_FLUSH), times },
          { bytes: deflateRawSync(t), times: 1 },
        ];
      } else {
        const data = Buffer.from(part.data ?? '');
        crc = crc32(data);
        size = data.length;
        pieces = [{ bytes: deflateRawSync(data), times: 1 }];
      }
      const compressedSize = pieces.reduce((n, p) => n + p.bytes.length * p.times, 0);
      if (size > 0xffffffff || compressedSize > 0xffffffff) throw new Error('zip64 is not supported by this test writer');
      const entry = { name, crc: crc >>> 0, compressedSize, size: part.declaredSize ?? size, offset: at, method: 8 };
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4); // version needed
      local.writeUInt16LE(0x0800, 6); // UTF-8 names
      local.writeUInt16LE(8, 8); // deflate
      local.writeUInt32LE(0, 10); // time, date
      local.writeUInt32LE(entry.crc, 14);
      local.writeUInt32LE(compressedSize, 18);
      local.writeUInt32LE(entry.size, 22);
      local.writeUInt16LE(name.length, 26);
      local.writeUInt16LE(0, 28);
      const data: Buffer[] = [Buffer.concat([local, name])];
      for (const piece of pieces) for (let i = 0; i < piece.times; i++) data.push(piece.bytes);
      return { entry, local: data };
    };
    for (const part of parts) {
      if (part.afterEnd === true) {
        later.push({ part, local: [] });
        continue;
      }
      if (part.enclosedIn !== undefined) {
        const outer = Buffer.from(part.enclosedIn, 'utf8');
        const { entry, local } = encode(part, offset + 30 + outer.length);
        const bytes = local.reduce((n, b) => n + b.length, 0);
        const crc = local.reduce((c, b) => crc32(b, c), 0) >>> 0;
        const header = Buffer.alloc(30);
        header.writeUInt32LE(0x04034b50, 0);
        header.writeUInt16LE(20, 4);
        header.writeUInt16LE(0x0800, 6);
        header.writeUInt16LE(0, 8); // stored
        header.writeUInt32LE(crc, 14);
        header.writeUInt32LE(bytes, 18);
        header.writeUInt32LE(bytes, 22);
        header.writeUInt16LE(outer.length, 26);
        const container = { name: outer, crc, compressedSize: bytes, size: bytes, offset, method: 0 };
        await append(Buffer.concat([header, outer]));
        for (const buffer of local) await append(buffer);
        written.push(container, entry);
        continue;
      }
      const { entry, local } = encode(part, offset);
      for (const buffer of local) await append(buffer);
      written.push(entry);
    }
    // The parts stored after the end record: their offsets follow it.
    const directorySize =
      parts.reduce((n, p) => n + 46 + Buffer.byteLength(p.name, 'utf8'), 0) +
      parts.reduce((n, p) => (p.enclosedIn === undefined ? n : n + 46 + Buffer.byteLength(p.enclosedIn, 'utf8')), 0);
    let laterOffset = offset + directorySize + 22;
    for (const item of later) {
      const { entry, local } = encode(item.part, laterOffset);
      item.local = local;
      laterOffset += local.reduce((n, b) => n + b.length, 0);
      written.push(entry);
    }
    const directoryStart = offset;
    for (const e of written) {
      const central = Buffer.alloc(46);
      central.writeUInt32LE(0x02014b50, 0);
      central.writeUInt16LE(20, 4);
      central.writeUInt16LE(20, 6);
      central.writeUInt16LE(0x0800, 8);
      central.writeUInt16LE(e.method, 10);
      central.writeUInt32LE(0, 12);
      central.writeUInt32LE(e.crc, 16);
      central.writeUInt32LE(e.compressedSize, 20);
      central.writeUInt32LE(e.size, 24);
      central.writeUInt16LE(e.name.length, 28);
      central.writeUInt32LE(e.offset, 42);
      await append(Buffer.concat([central, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(written.length, 8);
    end.writeUInt16LE(written.length, 10);
    end.writeUInt32LE(offset - directoryStart, 12);
    end.writeUInt32LE(directoryStart, 16);
    const comment = Buffer.concat(later.flatMap((item) => item.local));
    if (comment.length > 0xffff) throw new Error('the parts after the end record exceed its comment');
    end.writeUInt16LE(comment.length, 20);
    await append(end);
    await append(comment);
  } finally {
    await file.close();
  }
}
