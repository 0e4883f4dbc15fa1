/**
 * Prints the top self-time functions of a V8 .cpuprofile (from `node --cpu-prof`), with their
 * file:line and share of the samples, the share by file, and the inclusive share of the functions
 * named in --inclusive (a sample counts once for each named function on its stack). Usage:
 *   node --import tsx bench/profile-top.ts FILE.cpuprofile [N] [--inclusive fnA,fnB,…]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly children?: readonly number[];
}
interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

export interface SelfTime {
  readonly name: string;
  readonly where: string;
  readonly ms: number;
  readonly share: number;
}

function shortUrl(url: string): string {
  const i = url.indexOf('/node_modules/');
  if (i >= 0) return url.slice(i + 1);
  const j = url.search(/\/(dist|src|bench)\//);
  return j >= 0 ? url.slice(j + 1) : url.replace(/^file:\/\//, '');
}

/** Self time per function (by name + location) and per file, largest first. */
export function topSelfTimes(profile: CpuProfile): { functions: SelfTime[]; files: SelfTime[]; totalMs: number } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const fn = new Map<string, { name: string; where: string; us: number }>();
  const file = new Map<string, number>();
  let total = 0;
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node) continue;
    total += us;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${shortUrl(url)}:${lineNumber + 1}` : '(native/vm)';
    const key = `${functionName}@${where}`;
    const entry = fn.get(key) ?? { name: functionName || '(anonymous)', where, us: 0 };
    entry.us += us;
    fn.set(key, entry);
    const f = url ? shortUrl(url) : `(${functionName})`;
    file.set(f, (file.get(f) ?? 0) + us);
  }
  const share = (us: number): number => (total > 0 ? us / total : 0);
  return {
    totalMs: total / 1000,
    functions: [...fn.values()].sort((a, b) => b.us - a.us).map((e) => ({ name: e.name, where: e.where, ms: e.us / 1000, share: share(e.us) })),
    files: [...file.entries()].sort((a, b) => b[1] - a[1]).map(([where, us]) => ({ name: where, where, ms: us / 1000, share: share(us) })),
  };
}

/** Share of all samples whose stack holds each named function (inclusive time). */
export function inclusiveShares(profile: CpuProfile, names: readonly string[]): Map<string, number> {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const wanted = new Set(names);
  const us = new Map<string, number>(names.map((n) => [n, 0]));
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    total += dt;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = byId.get(at)?.callFrame.functionName ?? '';
      if (wanted.has(name) && !seen.has(name)) {
        seen.add(name);
        us.set(name, (us.get(name) ?? 0) + dt);
      }
    }
  });
  return new Map([...us].map(([k, v]) => [k, total > 0 ? v / total : 0]));
}

if (process.argv[1]?.endsWith('profile-top.ts') === true) {
  const path = process.argv[2];
  if (path === undefined) throw new Error('usage: profile-top.ts FILE.cpuprofile [N]');
  const n = Number(process.argv[3] ?? 25);
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const { functions, files, totalMs } = topSelfTimes(profile);
  console.log(`total sampled: ${(totalMs / 1000).toFixed(1)} s`);
  console.log('top self time by function:');
  for (const f of functions.slice(0, n)) console.log(`  ${(f.share * 100).toFixed(1).padStart(5)}%  ${f.ms.toFixed(0).padStart(7)} ms  ${f.name}  ${f.where}`);
  console.log('self time by file:');
  for (const f of files.slice(0, n)) console.log(`  ${(f.share * 100).toFixed(1).padStart(5)}%  ${f.ms.toFixed(0).padStart(7)} ms  ${f.name}`);
  const flag = process.argv.indexOf('--inclusive');
  const names = flag >= 0 ? (process.argv[flag + 1] ?? '').split(',').filter((x) => x !== '') : [];
  if (names.length > 0) {
    console.log('inclusive share (stack contains):');
    for (const [name, share] of inclusiveShares(profile, names)) console.log(`  ${(share * 100).toFixed(1).padStart(5)}%  ${name}`);
  }
}
