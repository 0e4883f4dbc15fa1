import { readFileSync } from 'node:fs';
import yargs from 'yargs';
import type { Argv } from 'yargs';
import { exitCodeFor, FacturaError } from '../factura-error.js';
import { localized, render } from '../i18n/localized-text.js';
import type { Lang } from '../i18n/localized-text.js';
import { openLog } from './open-log.js';
import { skipHelpCache } from './yargs-help-cache.js';
import { redactText } from '../redact-secrets.js';
import type { CliCommand } from './cli-command.js';
import type { CliContext, CliIo, GlobalArgs } from './cli-context.js';
import { issuersCommand } from './commands/issuers-command.js';
import { loginCommand } from './commands/login-command.js';
import { sandboxCommand } from './commands/sandbox-command.js';
import { serveCommand } from './commands/serve-command.js';
import { submitCommand } from './commands/submit-command.js';
import { templateCommand } from './commands/template-command.js';
import { validateCommand } from './commands/validate-command.js';

const COMMANDS = [validateCommand, submitCommand, templateCommand, loginCommand, issuersCommand, sandboxCommand, serveCommand] as const;

/** The installed package's version (package.json sits two folders above src/cli and dist/cli alike). */
function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}

/** The language asked for (`--lang en` or `--lang=en`), known before parsing so help and usage speak it. */
function langOf(argv: readonly string[]): Lang {
  const i = argv.lastIndexOf('--lang');
  const eq = [...argv].reverse().find((a) => a.startsWith('--lang='));
  return (i >= 0 ? argv[i + 1] : eq?.slice('--lang='.length)) === 'en' ? 'en' : 'es';
}

/** Where yargs's own Spanish (its es locale) reads oddly to an accountant. */
const SPANISH_YARGS: Record<string, string | { one: string; other: string }> = {
  'Not enough non-option arguments: got %s, need at least %s': {
    one: 'Falta un dato: se recibieron %s y hacen falta al menos %s (por ejemplo, el archivo de la hoja).',
    other: 'Faltan datos: se recibieron %s y hacen falta al menos %s (por ejemplo, el archivo de la hoja).',
  },
  'Unknown argument: %s': { one: 'Opción desconocida: %s', other: 'Opciones desconocidas: %s' },
  'Positionals:': 'Argumentos:',
  array: 'lista',
  string: 'texto',
  boolean: 'sí/no',
  default: 'por omisión',
  'default:': 'por omisión:',
  'choices:': 'valores:',
  'Did you mean %s?': '¿Quiso decir %s?',
  'Invalid values:': 'Valores no válidos:',
  'Argument: %s, Given: %s, Choices: %s': 'Opción: %s; se recibió: %s; valores posibles: %s',
};

function defaultIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() };
}

/** Runs the CLI and returns the exit code; the only caller of process.exit is bin/. */
export async function main(argv: readonly string[], io: CliIo = defaultIo()): Promise<number> {
  let exitCode = 0;
  let lang: Lang = langOf(argv);
  let debug = argv.includes('--debug');
  const writeErr = (s: string): void => void io.stderr.write(s.endsWith('\n') ? s : `${s}\n`);

  const parser = yargs([...argv])
    .scriptName('factura-import')
    .locale(lang)
    .updateStrings((lang === 'es' ? SPANISH_YARGS : {}) as Record<string, string>) // yargs takes plural forms too; its types do not say so
    .usage(
      localized(
        '$0 <comando> [opciones]\n\nImportador masivo de facturas electrónicas peruanas desde hojas de ventas XLSX/CSV.',
        '$0 <command> [options]\n\nBulk importer of Peruvian electronic invoices (facturas) from XLSX/CSV sales sheets.',
      )[lang],
    )
    .option('lang', {
      choices: ['es', 'en'] as const,
      default: 'es' as const,
      describe: localized('Idioma de los mensajes y resultados', 'Language of messages and results')[lang],
    })
    .option('log-format', {
      choices: ['json', 'pretty'] as const,
      describe: localized(
        'Muestra el registro técnico en la salida de errores (por omisión no se muestra: solo el progreso y el resumen)',
        'Show the technical log on stderr (by default it is not shown: only the progress and the summary)',
      )[lang],
    })
    .option('log-level', {
      choices: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const,
      describe: localized('Nivel del registro técnico (por omisión: info cuando hay registro)', 'Log level (default: info when logging)')[lang],
    })
    .option('log-file', {
      type: 'string',
      describe: localized('Escribe el registro técnico (JSON) en este archivo', 'Write the technical log (JSON lines) to this file')[lang],
    })
    .option('debug', {
      type: 'boolean',
      default: false,
      describe: localized('Muestra el detalle técnico de los errores', 'Show stack traces and debug logs')[lang],
    })
    .option('quiet', { type: 'boolean', default: false, describe: localized('Sin barra de progreso', 'No progress output')[lang] })
    .option('config', {
      type: 'string',
      describe: localized('Archivo de configuración JSON (emisor, valores por omisión, catálogos)', 'JSON config file (issuer, defaults, catalogues)')[lang],
    })
    .strict()
    .demandCommand(
      1,
      localized(
        'Elija un comando: validate, submit, template, login, issuers, sandbox o serve.',
        'Choose a command: validate, submit, template, login, issuers, sandbox or serve.',
      )[lang],
    )
    .recommendCommands()
    .help('help', localized('Muestra esta ayuda', 'Show help')[lang])
    .alias('h', 'help')
    .version('version', localized('Muestra la versión', 'Show version number')[lang], packageVersion())
    .wrap(Math.min(110, process.stdout.columns || 100))
    .exitProcess(false)
    .fail((msg: string | undefined, err: Error | undefined) => {
      if (err) throw err;
      throw new FacturaError(
        'USAGE',
        localized(
          `${msg ?? 'Uso incorrecto.'} (factura-import --help muestra las opciones)`,
          `${msg ?? 'Wrong usage.'} (factura-import --help lists the options)`,
        ),
      );
    });

  for (const c of COMMANDS) {
    const cmd = c as unknown as CliCommand<Record<string, unknown>>;
    parser.command(
      cmd.command,
      cmd.describe[lang],
      (y) => cmd.builder(y as unknown as Argv<GlobalArgs>, lang) as unknown as Argv,
      async (raw) => {
        const args = raw as unknown as Record<string, unknown> & GlobalArgs;
        lang = args.lang;
        debug = args.debug;
        const log = await openLog(args, io);
        try {
          const ctx: CliContext = { io, args, logger: log.logger, print: (line) => void io.stdout.write(`${line}\n`) };
          exitCode = await cmd.run(args, ctx);
        } finally {
          await log.close();
        }
      },
    );
  }

  skipHelpCache(parser);
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
    writeErr(`factura-import: ${render(localized('error interno inesperado', 'unexpected internal error'), lang)}: ${redactText(e.message ?? String(err))}`);
    if (debug) writeErr(redactText(e.stack ?? ''));
    else writeErr(render(localized('(use --debug para ver el detalle técnico)', '(use --debug for the technical detail)'), lang));
    return 2;
  }
}
