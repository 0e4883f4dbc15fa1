import yargs from 'yargs';
import type { Argv } from 'yargs';
import { exitCodeFor, FacturaError } from '../factura-error.js';
import { localized, render } from '../i18n/localized-text.js';
import type { Lang } from '../i18n/localized-text.js';
import { createLogger } from '../logger.js';
import { redactText } from '../redact-secrets.js';
import type { CliContext, CliIo, GlobalArgs } from './cli-context.js';
import { loginCommand } from './commands/login-command.js';
import { sandboxCommand } from './commands/sandbox-command.js';
import { serveCommand } from './commands/serve-command.js';
import { submitCommand } from './commands/submit-command.js';
import { templateCommand } from './commands/template-command.js';
import { validateCommand } from './commands/validate-command.js';

/** A command: its yargs definition and a handler that returns the exit code. */
export interface CliCommand<A> {
  readonly command: string;
  readonly describe: string;
  readonly builder: (y: Argv<GlobalArgs>) => Argv<A>;
  readonly run: (args: A & GlobalArgs, ctx: CliContext) => Promise<number>;
}

const COMMANDS = [validateCommand, submitCommand, templateCommand, loginCommand, sandboxCommand, serveCommand] as const;

function defaultIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() };
}

/** Runs the CLI and returns the exit code; the only caller of process.exit is bin/. */
export async function main(argv: readonly string[], io: CliIo = defaultIo()): Promise<number> {
  let exitCode = 0;
  let lang: Lang = argv.includes('--lang') && argv[argv.indexOf('--lang') + 1] === 'en' ? 'en' : 'es';
  let debug = argv.includes('--debug');
  const writeErr = (s: string): void => void io.stderr.write(s.endsWith('\n') ? s : `${s}\n`);

  const parser = yargs([...argv])
    .scriptName('factura-import')
    .usage('$0 <command> [options]\n\nBulk importer of Peruvian electronic invoices (facturas) from XLSX/CSV sales sheets.')
    .option('lang', { choices: ['es', 'en'] as const, default: 'es' as const, describe: 'Language of messages and results' })
    .option('log-format', { choices: ['json', 'pretty'] as const, describe: 'Log format (default: pretty on a terminal, JSON otherwise)' })
    .option('log-level', {
      choices: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const,
      default: 'info' as const,
      describe: 'Log level',
    })
    .option('debug', { type: 'boolean', default: false, describe: 'Show stack traces and debug logs' })
    .option('quiet', { type: 'boolean', default: false, describe: 'No progress output' })
    .option('config', { type: 'string', describe: 'JSON config file (issuer, defaults, catalogues)' })
    .strict()
    .demandCommand(1, 'Choose a command: validate, submit, template, login or sandbox.')
    .recommendCommands()
    .help()
    .alias('h', 'help')
    .version()
    .wrap(Math.min(110, process.stdout.columns || 100))
    .exitProcess(false)
    .fail((msg: string | undefined, err: Error | undefined) => {
      if (err) throw err;
      throw new FacturaError('USAGE', localized(msg ?? 'Uso incorrecto.', msg ?? 'Wrong usage.'));
    });

  for (const c of COMMANDS) {
    const cmd = c as unknown as CliCommand<Record<string, unknown>>;
    parser.command(
      cmd.command,
      cmd.describe,
      (y) => cmd.builder(y as unknown as Argv<GlobalArgs>) as unknown as Argv,
      async (raw) => {
        const args = raw as unknown as Record<string, unknown> & GlobalArgs;
        lang = args.lang;
        debug = args.debug;
        const logger = createLogger({
          level: args.debug ? 'debug' : args.logLevel,
          ...(args.logFormat ? { format: args.logFormat } : {}),
          destination: io.stderr,
          secrets: [io.env['FACTURA_CLAVE'] ?? ''].filter((s) => s.length > 0),
        });
        const ctx: CliContext = { io, args, logger, print: (line) => void io.stdout.write(`${line}\n`) };
        exitCode = await cmd.run(args, ctx);
      },
    );
  }

  try {
    await parser.parseAsync();
    return exitCode;
  } catch (err) {
    if (err instanceof FacturaError) {
      writeErr(`factura-import: ${render(err.text, lang)}`);
      if (debug && err.cause instanceof Error) writeErr(redactText(err.cause.stack ?? err.cause.message));
      return exitCodeFor(err.code);
    }
    const e = err as Error;
    writeErr(
      `factura-import: ${render(localized('error interno inesperado', 'unexpected internal error'), lang)}: ${redactText(e.message ?? String(err))}`,
    );
    if (debug) writeErr(redactText(e.stack ?? ''));
    else writeErr(render(localized('(use --debug para ver el detalle técnico)', '(use --debug for the technical detail)'), lang));
    return 2;
  }
}
