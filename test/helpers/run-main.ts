import { Writable } from 'node:stream';
import { main } from '../../src/cli/main.js';

export interface MainRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function sink(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  return {
    stream: new Writable({
      write(c: Buffer, _e, cb) {
        chunks.push(c.toString());
        cb();
      },
    }),
    text: () => chunks.join(''),
  };
}

/** Runs the CLI in-process with its own streams and environment (no inherited FACTURA_* variables). */
export async function runMain(argv: readonly string[], env: Record<string, string> = {}, signal?: AbortSignal): Promise<MainRun> {
  const out = sink();
  const err = sink();
  const code = await main(argv, { stdout: out.stream, stderr: err.stream, env, cwd: process.cwd(), ...(signal ? { signal } : {}) });
  return { code, stdout: out.text(), stderr: err.text() };
}

/** The `--json` summary line of a run. */
export function jsonSummary(run: MainRun): { byStatus: Record<string, number>; invoices: number; exitCode: number; orphanRows: number } & Record<string, unknown> {
  const line = run.stdout.trim().split('\n').at(-1) ?? '{}';
  return JSON.parse(line) as { byStatus: Record<string, number>; invoices: number; exitCode: number; orphanRows: number };
}
