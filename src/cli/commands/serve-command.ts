import { spawn } from 'node:child_process';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { FacturaError } from '../../factura-error.js';
import { localized } from '../../i18n/localized-text.js';
import { startSandbox } from '../../index.js';
import type { WorkspaceService } from '../../web/submit-routes.js';
import { SERVE_VALUE_NAMES } from '../serve-value-names.js';
import { issuerCredentials } from '../issuer-credentials.js';
import { sandboxService, serviceFromEnv } from '../service-from-env.js';
import { DEFAULT_MAX_UPLOAD_MB, DEFAULT_PORT } from '../../web/workspace-defaults.js';
import { isLoopbackHost } from '../../loopback-host.js';
import type { CliCommand } from '../cli-command.js';
import { received, usage } from '../usage-error.js';

export interface ServeArgs {
  readonly port: number;
  readonly host: string;
  readonly workspace?: string;
  readonly open: boolean;
  readonly maxUploadMb: number;
  readonly sandbox: boolean;
}

/** The user's data folder for the workspace: XDG on Linux, Application Support on macOS, AppData on Windows. */
function defaultWorkspace(env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform = process.platform): string {
  if (platform === 'win32') return join(env['LOCALAPPDATA'] ?? env['APPDATA'] ?? join(homedir(), 'AppData', 'Local'), 'factura-import');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'factura-import');
  return join(env['XDG_DATA_HOME'] ?? join(homedir(), '.local', 'share'), 'factura-import');
}

/** Opens the URL with the system's browser; a failure only means the user opens it by hand. */
function openInBrowser(url: string): void {
  const [cmd, args] =
    process.platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : process.platform === 'darwin' ? ['open', [url]] : ['xdg-open', [url]];
  try {
    spawn(cmd, args, { stdio: 'ignore', detached: true })
      .on('error', () => undefined)
      .unref();
  } catch {
    // the printed line is enough
  }
}

/** The service the environment names (as `submit` reads it), or none when it names none: «Enviar» then says how to set one. */
async function serviceIfConfigured(env: Readonly<Record<string, string | undefined>>, cwd: string): Promise<WorkspaceService | undefined> {
  const given = (name: string): string => (env[name] ?? '').trim();
  if (given('FACTURA_BASE_URL') === '') return undefined;
  // The addresses and no login at all: the page asks each company's login once (held in memory only).
  const noLogin =
    ['FACTURA_RUC', 'FACTURA_MAIL', 'FACTURA_CLAVE'].every((n) => given(n) === '') && Object.keys((await issuerCredentials(env, cwd)).logins).length === 0;
  if (noLogin && given('FACTURA_AUTH_URL') !== '') {
    return {
      authUrl: given('FACTURA_AUTH_URL'),
      baseUrl: given('FACTURA_BASE_URL'),
      valueNames: SERVE_VALUE_NAMES,
      environment: `Servicio de facturación (${given('FACTURA_BASE_URL')})`,
    };
  }
  const s = await serviceFromEnv(env, cwd);
  return { ...s, valueNames: SERVE_VALUE_NAMES, environment: `Servicio de facturación (${s.baseUrl})` };
}

function untilAborted(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((done) => {
    if (signal === undefined) return;
    if (signal.aborted) done();
    else signal.addEventListener('abort', () => done(), { once: true });
  });
}

/** `factura-import serve`: the local web workspace on 127.0.0.1 until Ctrl-C. The first line on stdout is `Abra URL en su navegador`. */
export const serveCommand: CliCommand<ServeArgs> = {
  command: 'serve',
  describe: localized(
    'Espacio de trabajo web local: revisar una hoja en el navegador (en 127.0.0.1)',
    'Local web workspace: check a sheet in the browser (127.0.0.1 by default)',
  ),
  builder: (y, lang) =>
    y
      .option('port', { type: 'number', default: DEFAULT_PORT, describe: localized('Puerto (0 = uno libre)', 'Port (0 = a free one)')[lang] })
      .option('host', {
        type: 'string',
        default: '127.0.0.1',
        describe: localized('Dirección en la que escucha (deje 127.0.0.1 salvo que sepa por qué)', 'Address to listen on (keep 127.0.0.1 unless you know why)')[
          lang
        ],
      })
      .option('workspace', {
        type: 'string',
        describe: localized(
          'Carpeta del espacio de trabajo (por defecto: factura-import en su carpeta de datos)',
          'Workspace folder (default: factura-import in your data folder)',
        )[lang],
      })
      .option('open', {
        type: 'boolean',
        default: true,
        describe: localized('Abrir el navegador (--no-open: solo mostrar la dirección)', 'Open the browser (--no-open: only print the address)')[lang],
      })
      .option('max-upload-mb', {
        type: 'number',
        default: DEFAULT_MAX_UPLOAD_MB,
        describe: localized('Tamaño máximo de la hoja, MB', 'Largest sheet accepted, MB')[lang],
      })
      .option('sandbox', {
        type: 'boolean',
        default: false,
        describe: localized(
          '«Enviar» envía al simulador del servicio, iniciado aquí (sin cuenta). Sin esta opción se envía al servicio de FACTURA_AUTH_URL/FACTURA_BASE_URL con las credenciales del entorno (o las que la página pida, guardadas solo en memoria)',
          '«Enviar» sends to the service simulator, started here (no account). Without it, to the service of FACTURA_AUTH_URL/FACTURA_BASE_URL with the credentials in the environment (or those the page asks for, held in memory only)',
        )[lang],
      }) as never,
  async run(args, ctx) {
    if (!Number.isInteger(args.port) || args.port < 0 || args.port > 65535) {
      throw usage(
        `--port debe ser un número entero de 0 a 65535 (se recibió ${received(args.port, 'es')}).`,
        `--port must be a whole number from 0 to 65535 (got ${received(args.port, 'en')}).`,
      );
    }
    if (!(args.maxUploadMb > 0)) {
      throw usage(
        `--max-upload-mb debe ser una cantidad de megabytes mayor que cero (se recibió ${received(args.maxUploadMb, 'es')}).`,
        `--max-upload-mb must be a number of megabytes above zero (got ${received(args.maxUploadMb, 'en')}).`,
      );
    }
    const workspace = args.workspace !== undefined ? resolve(ctx.io.cwd, args.workspace) : defaultWorkspace(ctx.io.env);
    if (!isLoopbackHost(args.host)) {
      ctx.io.stderr.write(
        localized(
          `Atención: el espacio de trabajo escucha en ${args.host}, no solo en este equipo. Cualquiera que tenga el enlace en esa red podrá abrirlo.\n`,
          `Warning: the workspace listens on ${args.host}, not only on this computer. Anyone on that network with the link can open it.\n`,
        )[ctx.args.lang],
      );
    }
    // Loaded here, not at start-up: the other commands never pay for the web server and SQLite.
    const { startWorkspaceServer } = await import('../../web/workspace-server.js');
    const sandbox = args.sandbox ? await startSandbox({ anyRuc: true }) : undefined;
    const service: WorkspaceService | undefined =
      sandbox !== undefined
        ? { ...sandboxService(sandbox), environment: `Simulador local (${sandbox.url})` }
        : await serviceIfConfigured(ctx.io.env, ctx.io.cwd);
    let server;
    try {
      server = await startWorkspaceServer({
        workspace,
        host: args.host,
        port: args.port,
        maxUploadMb: args.maxUploadMb,
        logger: ctx.logger,
        onNotice: (text) => void ctx.io.stderr.write(`factura-import: ${text[ctx.args.lang]}\n`),
        ...(service !== undefined ? { service } : {}),
      });
    } catch (err) {
      // The simulator started for it would keep the process alive after the refusal.
      await sandbox?.close();
      if (err instanceof FacturaError) throw err;
      if ((err as { code?: unknown }).code === 'EADDRINUSE') {
        throw new FacturaError(
          'USAGE',
          localized(
            `El puerto ${args.port} ya está en uso (¿ya hay un «factura-import serve» abierto?). Elija otro con --port, o --port 0 para uno libre.`,
            `Port ${args.port} is already in use (is another «factura-import serve» running?). Choose another with --port, or --port 0 for a free one.`,
          ),
          { cause: err },
        );
      }
      const detail = (err as Error).message;
      throw new FacturaError('USAGE', localized(`No se pudo iniciar el espacio de trabajo: ${detail}`, `Could not start the workspace: ${detail}`), {
        cause: err,
      });
    }
    ctx.print(localized(`Abra ${server.openUrl} en su navegador`, `Open ${server.openUrl} in your browser`)[ctx.args.lang]);
    ctx.print(localized(`Espacio de trabajo: ${workspace}. Ctrl-C para detener.`, `Workspace: ${workspace}. Ctrl-C to stop.`)[ctx.args.lang]);
    if (args.open && (ctx.io.stdout as { isTTY?: boolean }).isTTY === true) openInBrowser(server.openUrl);
    await untilAborted(ctx.io.signal);
    await server.close();
    await sandbox?.close();
    return 0;
  },
};
