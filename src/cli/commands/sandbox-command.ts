import { FacturaError } from '../../factura-error.js';
import { localized } from '../../i18n/localized-text.js';
import { parseOutage } from '../../sandbox/parse-outage.js';
import type { SandboxOutage } from '../../sandbox/sandbox-faults.js';
import { startSandbox } from '../../sandbox/start-sandbox.js';
import type { SandboxOptions } from '../../sandbox/start-sandbox.js';
import type { CliCommand } from '../cli-command.js';
import { usage } from '../usage-error.js';

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

function outagesFrom(texts: readonly string[]): SandboxOutage[] {
  return texts.map((t) => {
    const o = parseOutage(t);
    if (!o)
      throw usage(
        `--outage "${t}" no es una ventana DESDE-HASTA en segundos (p. ej. 10-20).`,
        `--outage "${t}" is not a FROM-TO window in seconds (e.g. 10-20).`,
      );
    return o;
  });
}

function optionsFrom(args: SandboxArgs): SandboxOptions {
  if (!Number.isInteger(args.port) || args.port < 0 || args.port > 65535)
    throw usage(`--port ${args.port} no es un puerto válido.`, `--port ${args.port} is not a valid port.`);
  for (const [flag, value] of [
    ['--fail-rate', args.failRate],
    ['--drop-rate', args.dropRate],
    ['--drop-after-accept-rate', args.dropAfterAcceptRate],
  ] as const) {
    if (!(value >= 0 && value <= 1))
      throw usage(`${flag} debe ser una proporción de 0 a 1 (se recibió ${value}).`, `${flag} must be a share from 0 to 1 (got ${value}).`);
  }
  for (const [flag, value] of [
    ['--latency', args.latency],
    ['--jitter', args.jitter],
  ] as const) {
    if (!(value >= 0))
      throw usage(
        `${flag} debe ser una cantidad de milisegundos, cero o más (se recibió ${value}).`,
        `${flag} must be a number of milliseconds, zero or more (got ${value}).`,
      );
  }
  if (!Number.isInteger(args.seed))
    throw usage(`--seed debe ser un número entero (se recibió ${args.seed}).`, `--seed must be a whole number (got ${args.seed}).`);
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
  describe: localized(
    'Ejecuta el simulador incorporado del servicio de facturación en 127.0.0.1 (muestra la cuenta de demostración al iniciar)',
    'Run the built-in simulator of the e-invoicing service on 127.0.0.1 (demo account printed at start-up)',
  ),
  builder: (y, lang) =>
    y
      .option('port', { type: 'number', default: 0, describe: localized('Puerto en 127.0.0.1 (0 = uno libre)', 'Port on 127.0.0.1 (0 = a free one)')[lang] })
      .option('latency', { type: 'number', default: 0, describe: localized('Demora fija de cada respuesta, ms', 'Fixed delay of every answer, ms')[lang] })
      .option('jitter', { type: 'number', default: 0, describe: localized('Demora extra al azar, 0..ms', 'Random extra delay, 0..ms')[lang] })
      .option('fail-rate', {
        type: 'number',
        default: 0,
        describe: localized('Proporción (0-1) de envíos respondidos con 500', 'Share (0-1) of invoice requests answered 500')[lang],
      })
      .option('drop-rate', {
        type: 'number',
        default: 0,
        describe: localized(
          'Proporción (0-1) de envíos cuya conexión se corta sin procesarlos',
          'Share (0-1) of invoice requests whose connection is cut, unprocessed',
        )[lang],
      })
      .option('drop-after-accept-rate', {
        type: 'number',
        default: 0,
        describe: localized(
          'Proporción (0-1) de envíos aceptados cuya respuesta se pierde (conexión cortada)',
          'Share (0-1) of invoice requests accepted but whose answer is lost (connection cut)',
        )[lang],
      })
      .option('token-lifetime', {
        type: 'number',
        describe: localized('Vida del token, segundos (por omisión 8 horas)', 'Token lifetime, seconds (default 8 hours)')[lang],
      })
      .option('test-account', {
        type: 'boolean',
        default: false,
        describe: localized(
          'Regla de cuenta de prueba: un login dentro de la hora recibe el mismo token',
          'Test-account rule: a login within an hour of the last gets the same token',
        )[lang],
      })
      .option('outage', {
        type: 'string',
        array: true,
        describe: localized('Caída total DESDE-HASTA, segundos desde el inicio (repetible)', 'Whole-service outage FROM-TO, seconds after start (repeatable)')[
          lang
        ],
      })
      .option('seed', {
        type: 'number',
        default: 1,
        describe: localized('Semilla de las fallas inyectadas (misma semilla, mismas fallas)', 'Seed of the injected faults (same seed, same faults)')[lang],
      })
      .example('$0 sandbox --port 8080', localized('Sandbox en http://127.0.0.1:8080', 'Sandbox on http://127.0.0.1:8080')[lang])
      .example(
        '$0 sandbox --fail-rate 0.3 --drop-rate 0.1 --seed 7',
        localized('Servicio poco fiable, reproducible', 'Unreliable service, reproducible')[lang],
      ) as never,
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
    if (!ctx.logger.isLevelEnabled('info')) {
      ctx.io.stderr.write(`Sandbox detenido / sandbox stopped: ${counters.logins} logins, ${counters.puts} PUT, ${counters.accepted} aceptadas / accepted.\n`);
    }
    return 0;
  },
};
