import { readdirSync, readlinkSync } from 'node:fs';

/** The paths this process has open (Linux: /proc/self/fd), a worker thread's files included. */
export function openPaths(): string[] {
  return readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      return [readlinkSync(`/proc/self/fd/${fd}`)];
    } catch {
      return [];
    }
  });
}
