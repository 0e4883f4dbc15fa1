import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli-process.js';
import { runMain } from '../helpers/run-main.js';

/** Every wrong flag value a person may type; each must be a usage error in Spanish, exit 2, no internals. */
const WRONG: readonly (readonly [string[], RegExp])[] = [
  [['submit', 'x.csv', '--concurrency', '0'], /--concurrency debe ser un número entero de 1 a 64 \(se recibió 0\)/],
  [['submit', 'x.csv', '--concurrency', '65'], /--concurrency debe ser un número entero de 1 a 64/],
  [['submit', 'x.csv', '--concurrency', 'muchas'], /--concurrency .*no es un número/],
  [['submit', 'x.csv', '--concurrency', '2.5'], /--concurrency debe ser un número entero/],
  [['submit', 'x.csv', '--max-attempts', '0'], /--max-attempts debe ser un número entero de 1 a 20/],
  [['submit', 'x.csv', '--timeout', '0'], /--timeout debe ser una cantidad de segundos mayor que cero/],
  [['submit', 'x.csv', '--timeout', 'mucho'], /--timeout .*no es un número/],
  [['submit', 'x.csv', '--renew-margin', '-5'], /--renew-margin debe ser una cantidad de minutos/],
  [['login', '--issuer', '2060333333'], /--issuer debe ser un RUC válido de 11 dígitos \(se recibió «2060333333»\)/],
  [['login', '--issuer', '20603333332'], /--issuer debe ser un RUC válido de 11 dígitos \(se recibió «20603333332»\)/],
  [['validate', 'x.csv', '--delimiter', 'pipe'], /Valores no válidos[\s\S]*delimiter[\s\S]*"pipe"/],
  [['validate', 'x.csv', '--encoding', 'latin9'], /Valores no válidos[\s\S]*encoding/],
  [['validate', 'x.csv', '--tipo-registro', 'CON_IGV'], /Valores no válidos[\s\S]*tipo-registro/],
  [['validate', 'x.csv', '--lang', 'fr'], /Valores no válidos|Invalid values/],
  [['validate'], /Falta/],
  [['validate', 'x.csv', '--bogus-flag'], /Opci(ón|ones) desconocidas?: bogus-flag/],
  [['valdate', 'x.csv'], /¿Quiso decir validate\?/],
  [['template', '--format', 'pdf'], /Valores no válidos[\s\S]*format/],
  [['sandbox', '--port', '70000'], /--port 70000 no es un puerto válido/],
  [['sandbox', '--fail-rate', '3'], /--fail-rate debe ser una proporción de 0 a 1/],
  [['sandbox', '--drop-rate', '-0.1'], /--drop-rate debe ser una proporción de 0 a 1/],
  [['sandbox', '--latency', '-1'], /--latency debe ser una cantidad de milisegundos/],
  [['sandbox', '--seed', '1.5'], /--seed debe ser un número entero/],
  [['sandbox', '--token-lifetime', '0'], /--token-lifetime debe ser un número de segundos mayor que cero/],
  [['sandbox', '--outage', 'ayer'], /--outage "ayer" no es una ventana DESDE-HASTA/],
  [['serve', '--no-open', '--port', 'abc'], /--port debe ser un número entero de 0 a 65535 \(se recibió un texto que no es un número\)/],
  [['serve', '--no-open', '--port', '99999'], /--port debe ser un número entero de 0 a 65535 \(se recibió 99999\)/],
  [['serve', '--no-open', '--max-upload-mb', '0'], /--max-upload-mb debe ser una cantidad de megabytes mayor que cero/],
];

describe('a wrong flag value', () => {
  it.each(WRONG)('%j is a usage error in Spanish (exit 2, no internal error, no stack)', async (argv, message) => {
    const run = await runMain(argv);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(/interno|internal|\n\s+at /i);
    expect(run.stdout).toBe('');
  });

  it('speaks English with --lang en', async () => {
    const run = await runMain(['submit', 'x.csv', '--concurrency', '0', '--lang', 'en']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--concurrency must be a whole number from 1 to 64 (got 0)');
  });
});

describe('--help', () => {
  // yargs prints help on the process's own stdout: a real process shows what a person sees.
  it('is in Spanish by default and in English with --lang en', async () => {
    const es = await runCli(['submit', '--help']);
    expect(es.code).toBe(0);
    expect(es.stdout).toContain('Opciones:');
    expect(es.stdout).toContain('Facturas en curso a la vez');
    const en = await runCli(['submit', '--help', '--lang', 'en']);
    expect(en.stdout).toContain('Options:');
    expect(en.stdout).toContain('Invoices in flight at once');
  });
});
