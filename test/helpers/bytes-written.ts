import { readFileSync } from 'node:fs';

/**
 * The bytes this process has handed to write() so far, every thread's (Linux: `wchar` of
 * /proc/self/io): files, the temporary folder and pipes alike. What a read wrote to the disk is the
 * difference across it.
 */
export function bytesWritten(): number {
  const match = /^wchar:\s*(\d+)$/m.exec(readFileSync('/proc/self/io', 'utf8'));
  if (match === null) throw new Error('/proc/self/io has no wchar line');
  return Number(match[1]);
}
