import { execFile } from 'node:child_process';
import { copyFile, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT, runCli } from '../helpers/cli-process.js';
import { tempDir } from '../helpers/temp-dir.js';
import { salesRow, writeSalesSheet } from '../helpers/write-sales-sheet.js';

const run = promisify(execFile);

/**
 * The package as a stranger gets it: `npm pack`, installed into an empty project with TypeScript,
 * used from a strict TypeScript file that imports only the package name. `npm test` builds dist/
 * before the tests, so the tarball holds this tree's code (packed with --ignore-scripts: building
 * again here would rewrite dist/ under the other tests' feet).
 */
const CONSUMER = `import { FacturaError, startSandbox, submitSheet, validateSheet } from 'factura-import';
import type { ImportEvent, RunSummary } from 'factura-import';

const [mixed, valid] = process.argv.slice(2) as [string, string];
const seen: ImportEvent['type'][] = [];
const checked: RunSummary = await validateSheet(mixed, { onEvent: (e) => { if (!seen.includes(e.type)) seen.push(e.type); } });

let refused: string | undefined;
try {
  await validateSheet(mixed + '.no-such-file.xlsx');
} catch (err) {
  if (err instanceof FacturaError) refused = err.code;
}

const sandbox = await startSandbox();
let sent: RunSummary;
try {
  sent = await submitSheet(valid, { credentials: sandbox.credentials, authUrl: sandbox.url, baseUrl: sandbox.url, concurrency: 4 });
} finally {
  await sandbox.close();
}
const accepted = sandbox.ledger().entries.length;
await import('node:fs/promises').then((fs) =>
  fs.writeFile(process.argv[4] as string, JSON.stringify({ byStatus: checked.byStatus, seen, refused, sent: sent.byStatus, accepted })),
);
`;

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    verbatimModuleSyntax: true,
    skipLibCheck: false,
    types: ['node'],
    outDir: 'out',
  },
  files: ['consumer.ts'],
};

let dir: { path: string; cleanup: () => Promise<void> };
let consumer: string;

beforeAll(async () => {
  dir = await tempDir('packed-');
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir.path], { cwd: PROJECT_ROOT });
  const tarball = join(dir.path, stdout.trim().split('\n').pop() ?? '');
  consumer = join(dir.path, 'consumer');
  await run('mkdir', ['-p', consumer]);
  await writeFile(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  const versionOf = async (name: string): Promise<string> =>
    (JSON.parse(await readFile(join(PROJECT_ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  const typescript = await versionOf('typescript');
  const typesNode = await versionOf('@types/node');
  // --ignore-scripts: the web workspace's native SQLite module would compile from source here for
  // minutes, and nothing this test runs loads it (only `serve` does, on demand).
  await run(
    'npm',
    ['install', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund', '--silent', tarball, `typescript@${typescript}`, `@types/node@${typesNode}`],
    {
      cwd: consumer,
      timeout: 240_000,
    },
  );
}, 300_000);
afterAll(async () => dir?.cleanup());

describe('the packed library', () => {
  it('type-checks in a strict project, validates like the CLI, submits to the sandbox, and prints nothing', async () => {
    await writeFile(join(consumer, 'consumer.ts'), CONSUMER);
    await writeFile(join(consumer, 'tsconfig.json'), JSON.stringify(TSCONFIG));
    await run(join(consumer, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], { cwd: consumer });

    const mixed = join(consumer, 'mixed.xlsx');
    const valid = join(consumer, 'valid.xlsx');
    await writeSalesSheet(mixed, [salesRow(1), salesRow(2, { receptorNumeroDocumento: '20512333790' }), salesRow(3, { cantidad: 'dos' })]);
    await writeSalesSheet(
      valid,
      [1, 2, 3, 4, 5].map((n) => salesRow(n)),
    );
    const out = join(consumer, 'out.json');
    const child = await run(process.execPath, [join(consumer, 'out/consumer.js'), mixed, valid, out], { cwd: consumer });
    expect(child.stdout).toBe('');
    expect(child.stderr).toBe('');

    const got = JSON.parse(await readFile(out, 'utf8')) as {
      byStatus: Record<string, number>;
      seen: string[];
      refused: string;
      sent: Record<string, number>;
      accepted: number;
    };
    expect(got.byStatus['VALID']).toBe(1);
    expect(got.byStatus['INVALID']).toBe(2);
    expect(got.seen[0]).toBe('sheet');
    expect(got.seen.at(-1)).toBe('results');
    expect([...got.seen].sort()).toEqual(['invoice', 'problem', 'progress', 'results', 'row', 'sheet']);
    expect(got.refused).toBe('INPUT');
    expect(got.sent['ACCEPTED']).toBe(5);
    expect(got.accepted).toBe(5);

    // The CLI's --json for the same file says the same.
    const again = join(consumer, 'again.xlsx');
    await copyFile(mixed, again);
    const cli = await runCli(['validate', again, '--json', '--quiet']);
    expect((JSON.parse(cli.stdout) as { byStatus: unknown }).byStatus).toEqual(got.byStatus);
  }, 120_000);

  it("runs the README's example as it is written", async () => {
    const readme = await readFile(join(PROJECT_ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Use it from code'));
    const example = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
    expect(example).toBeDefined();
    await writeFile(join(consumer, 'example.ts'), example ?? '');
    await writeFile(join(consumer, 'tsconfig.example.json'), JSON.stringify({ ...TSCONFIG, files: ['example.ts'] }));
    await run(join(consumer, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.example.json'], { cwd: consumer });
    await writeSalesSheet(join(consumer, 'ventas.xlsx'), [salesRow(1), salesRow(2), salesRow(3, { cantidad: 'dos' })]);
    const { stdout } = await run(process.execPath, [join(consumer, 'out/example.js')], { cwd: consumer });
    expect(stdout).toContain('Fila 4, cantidad:');
    expect(stdout).toContain('2 válidas de 3');
    expect(stdout).toContain('2 aceptadas; código de salida 1');
  }, 120_000);

  it('installs its command: npx factura-import --version', async () => {
    const { stdout } = await run('npx', ['--no-install', 'factura-import', '--version'], { cwd: consumer });
    expect(stdout.trim()).toBe('0.1.0');
    expect(await readdir(join(consumer, 'node_modules/factura-import/dist'))).toContain('index.d.ts');
  });
});
