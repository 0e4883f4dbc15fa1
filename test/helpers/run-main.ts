import { main } from '../../src/cli/main.js';
import { textSink } from './text-sink.js';

export interface MainRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the CLI in-process with its own streams and environment (no inherited FACTURA_* variables). */
export async function runMain(argv: readonly string[], env: Record<string, string> = {}, signal?: AbortSignal): Promise<MainRun> {
  const out = textSink();
  const err = textSink();
  const code = await main(argv, { stdout: out.stream, stderr: err.stream, env, cwd: process.cwd(), ...(signal ? { signal } : {}) });
  return { code, stdout: out.text(), stderr: err.text() };
}

/** The `--json` summary line of a run. */
export function jsonSummary(
  run: MainRun,
): { byStatus: Record<string, number>; invoices: number; exitCode: number; orphanRows: number } & Record<string, unknown> {
  const line = run.stdout.trim().split('\n').at(-1) ?? '{}';
  return JSON.parse(line) as { byStatus: Record<string, number>; invoices: number; exitCode: number; orphanRows: number };
}
