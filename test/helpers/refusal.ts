import { FacturaError } from '../../src/index.js';

/** What `run` rejects with: a FacturaError, else the test fails saying what came instead. */
export async function refusal(run: Promise<unknown>): Promise<FacturaError> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof FacturaError)) throw new Error(`expected a FacturaError, got ${String(error)}`);
  return error;
}
