/**
 * Another commit of this project, built in a directory of its own, so a benchmark can run its CLI
 * beside this tree's in the same run: a baseline measured on the same machine, at the same time.
 * The commit's files come from `git archive` (the repository's own history: nothing is fetched),
 * it uses this tree's node_modules (a commit from before a dependency was added never imports it),
 * and it is compiled with its own tsconfig.build.json by this tree's TypeScript. Resolves to the
 * built root, or to the reason it could not be built (no git, a shallow clone without that commit,
 * a compile error), which the benchmark reports instead of the line.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';

export async function buildBase(root: string, commit: string, into: string): Promise<{ readonly root: string } | { readonly unavailable: string }> {
  await mkdir(into, { recursive: true });
  const tar = join(into, 'source.tar');
  const archive = spawnSync('git', ['archive', '--format=tar', '-o', tar, commit], { cwd: root, encoding: 'utf8' });
  if (archive.error !== undefined || archive.status !== 0) return { unavailable: `git archive ${commit}: ${archive.error?.message ?? archive.stderr.trim()}` };
  const source = join(into, 'tree');
  await mkdir(source);
  const unpack = spawnSync('tar', ['-xf', tar, '-C', source], { encoding: 'utf8' });
  if (unpack.error !== undefined || unpack.status !== 0) return { unavailable: `tar: ${unpack.error?.message ?? unpack.stderr.trim()}` };
  await symlink(join(root, 'node_modules'), join(source, 'node_modules'));
  const compile = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(source, 'tsconfig.build.json')], {
    cwd: source,
    encoding: 'utf8',
  });
  if (compile.error !== undefined || compile.status !== 0) return { unavailable: `tsc: ${compile.error?.message ?? compile.stdout.slice(0, 400)}` };
  return { root: source };
}
