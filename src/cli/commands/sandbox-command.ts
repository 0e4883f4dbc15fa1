import { FacturaError } from '../../factura-error.js';
import { localized } from '../../i18n/localized-text.js';
import { parseOutage } from '../../sandbox/parse-outage.js';
import type { SandboxOutage } from '../../sandbox/sandbox-faults.js';
import { startSandbox } from '../../sandbox/start-sandbox.js';
import type { SandboxOptions } from '../../sandbox/start-sandbox.js';
import type { CliCommand } from '../cli-command.js';

export interface SandboxArgs {
  readonly port: number;
  readonly latency: number;
  readonly jitter: number;
  readonly failRate: number;
  readonly dropRate: number;
  readonly dropAfterAcceptRate: number;
  readonly tokenLifetime?: number;
  readonly testAccount: boolean;
  readonly outage?: readonly string[];
  readonly seed: number;
}

function usage(es: string, en: string): FacturaError {
  return new FacturaError('USAGE', localized(es, en));
}

function outagesFrom(texts: readonly string[]): SandboxOutage[] {
  return texts.map((t) => {
    const o = parseOutage(t);
    if (!o) throw usage(`--outage "${t}" no es una ventana DESDE-HASTA en segundos (p. ej. 10-20).`, `--outage "${t}" is not a FROM-TO window in seconds (e.g. 10-20).`);
    return o;
  });
}

function optionsFrom(args: SandboxArgs): SandboxOptions {
  if (!Number.isInteger(args.port) || args.port < 0 || args.port > 65535) throw usage(`--port ${args.port} no es un puerto válido.`, `--port ${args.port} is not a valid port.`);
  if (args.tokenLifetime !== undefined && !(args.tokenLifetime > 0)) {
    throw usage('--token-lifetime debe ser un número de segundos mayor que cero.', '--token-lifetime must be a number of seconds above zero.');
  }
  return {
    port: args.port,
    latencyMs: Math.round(args.latency),
    latencyJitterMs: Math.round(args.jitter),
    failureRate: args.failRate,
    dropRate: args.dropRate,
    dropAfterAcceptRate: args.dropAfterAcceptRate,
    testAccount: args.testAccount,
    outages: outagesFrom(args.outage ?? []),
    seed: args.seed,
    ...(args.tokenLifetime !== undefined ? { tokenLifetimeMs: Math.round(args.tokenLifetime * 1000) } : {}),
  };
}

function untilAborted(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal === undefined) return; // no signal: runs as long as the process does
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

/**
 * `factura-import sandbox`: runs the service simulator on 127.0.0.1 until Ctrl-C / SIGTERM. The
 * first line on stdout is exactly `Sandbox listening on <url>` (tests of other processes parse it).
 */
export const sandboxCommand: CliCommand<SandboxArgs> = {
  command: 'sandbox',
  describe: 'Run the built-in simulator of the e-invoicing service on 127.0.0.1 (demo account printed at start-up)',
  builder: (y) =>
    y
      .option('port', { type: 'number', default: 0, describe: 'Port on 127.0.0.1 (0 = a free one)' })
      .option('latency', { type: 'number', default: 0, describe: 'Fixed delay of every answer, ms' })
      .option('jitter', { type: 'number', default: 0, describe: 'Random extra delay, 0..ms' })
      .option('fail-rate', { type: 'number', default: 0, describe: 'Share (0-1) of invoice requests answered 500' })
      .option('drop-rate', { type: 'number', default: 0, describe: 'Share (0-1) of invoice requests whose connection is cut, unprocessed' })
      .option('drop-after-accept-rate', {
        type: 'number',
        default: 0,
        describe: 'Share (0-1) of invoice requests accepted but whose answer is lost (connection cut)',
      })
      .option('token-lifetime', { type: 'number', describe: 'Token lifetime, seconds (default 8 hours)' })
      .option('test-account', { type: 'boolean', default: false, describe: 'Test-account rule: a login within an hour of the last gets the same token' })
      .option('outage', { type: 'string', array: true, describe: 'Whole-service outage FROM-TO, seconds after start (repeatable)' })
      .option('seed', { type: 'number', default: 1, describe: 'Seed of the injected faults (same seed, same faults)' })
      .example('$0 sandbox --port 8080', 'Sandbox on http://127.0.0.1:8080')
      .example('$0 sandbox --fail-rate 0.3 --drop-rate 0.1 --seed 7', 'Unreliable service, reproducible') as never,
  async run(args, ctx) {
    let sandbox;
    try {
      sandbox = await startSandbox(optionsFrom(args));
    } catch (err) {
      if (err instanceof FacturaError) throw err;
      const message = (err as Error).message;
      throw new FacturaError('USAGE', localized(`No se pudo iniciar el sandbox: ${message}`, `Could not start the sandbox: ${message}`), { cause: err });
    }
    const { url, account } = sandbox;
    ctx.print(`Sandbox listening on ${url}`);
    ctx.print('');
    ctx.print('Cuenta de demostración / demo account:');
    ctx.print(`  RUC:   ${account.ruc}`);
    ctx.print(`  mail:  ${account.mail}`);
    ctx.print(`  clave: ${account.clave}`);
    ctx.print('');
    ctx.print('Para usarla / to use it:');
    ctx.print(`  export FACTURA_RUC=${account.ruc}`);
    ctx.print(`  export FACTURA_MAIL=${account.mail}`);
    ctx.print(`  export FACTURA_CLAVE=${account.clave}`);
    ctx.print(`  export FACTURA_AUTH_URL=${url}`);
    ctx.print(`  export FACTURA_BASE_URL=${url}`);
    ctx.print('');
    ctx.print('Ctrl-C para detener / to stop.');
    ctx.logger.debug({ faults: sandbox.faults() }, 'sandbox faults');
    await untilAborted(ctx.io.signal);
    await sandbox.close();
    const { counters } = sandbox.ledger();
    ctx.logger.info({ counters }, 'sandbox stopped');
    return 0;
  },
};
