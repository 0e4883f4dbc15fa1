import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { textSink } from '../helpers/text-sink.js';

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out = textSink();
  const err = textSink();
  const code = await main(argv, { stdout: out.stream, stderr: err.stream, env: {}, cwd: process.cwd() });
  return { code, out: out.text(), err: err.text() };
}

describe('the command line', () => {
  it('rejects an unknown command with a usage error (exit 2)', async () => {
    const r = await run(['frobnicate']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/factura-import:/);
  });

  it('rejects an unknown option with a usage error (exit 2)', async () => {
    const r = await run(['template', '--no-such-option']);
    expect(r.code).toBe(2);
  });

  it("a command's --help or --version prints and runs nothing (the command runs after parsing)", async () => {
    const help = await run(['validate', 'no-such-sheet.csv', '--help']);
    expect(help.code).toBe(0);
    expect(help.err).toBe('');
    const version = await run(['validate', 'no-such-sheet.csv', '--version']);
    expect(version.code).toBe(0);
    expect(version.err).toBe('');
    // Without them, the same command runs: the sheet is missing.
    const ran = await run(['validate', 'no-such-sheet.csv']);
    expect(ran.code).not.toBe(0);
    expect(ran.err).toMatch(/no-such-sheet\.csv/);
  });
});

describe('the real process', () => {
  it('prints help and exits 0', async () => {
    const { runCli } = await import('../helpers/cli-process.js');
    const r = await runCli(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('validate');
    expect(r.stdout).toContain('sandbox');
  });
});
