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

/** The mapping a refusal gives as its example («por ejemplo {"numero": "Número (columna D)", …}»), to run the sheet with it. */
export function mappingOfRefusal(error: FacturaError): Record<string, string> {
  const example = /por ejemplo (\{.*?\})/u.exec(error.text.es)?.[1];
  if (example === undefined) throw new Error(`the refusal gives no mapping: ${error.text.es}`);
  return JSON.parse(example) as Record<string, string>;
}
