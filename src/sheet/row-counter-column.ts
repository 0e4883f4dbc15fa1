import type { HeaderMatch } from './column-mapping.js';
import { headerKey, withColumnsSetAside } from './column-mapping.js';

/**
 * Headers a register gives the running count of its rows (1, 2, 3…), which are also short aliases
 * of the invoice number («Nº» alone is the number in a simple sheet), compared as header texts are.
 */
const COUNTER_HEADERS = new Set(['Nº', 'N°', 'No', 'Nro', 'Núm', '#'].map(headerKey));

/**
 * The header match without a register's row counter, when it is one of two columns named as the
 * invoice number: «Nº» (1, 2, 3…) before «Serie» and «Número», as accounting programs export the
 * sales register. The column with the fuller header is the number, and the counter is listed with
 * the columns the run ignores. Two columns with fuller headers, or two counters, stay as they were
 * (the header check reports them, naming both).
 */
export function withoutRowCounter(match: HeaderMatch): HeaderMatch {
  const numero = match.matches.get('numero') ?? [];
  if (numero.length !== 2) return match;
  const counters = numero.filter((c) => COUNTER_HEADERS.has(headerKey(c.header)));
  const [counter] = counters;
  if (counters.length !== 1 || counter === undefined) return match;
  return withColumnsSetAside(match, [counter]);
}
