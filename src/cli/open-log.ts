import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createLogger, silentLogger } from '../logger.js';
import type { Logger } from '../logger.js';
import type { CliIo, GlobalArgs } from './cli-context.js';
import { usage } from './usage-error.js';

/**
 * The technical log, kept apart from what a person reads: nothing by default (the terminal shows
 * the progress and a plain summary), JSON lines in `--log-file`, on stderr with `--log-format`
 * or `--log-level`, and everything (readable) with `--debug`. Secrets are scrubbed everywhere.
 */
export async function openLog(args: GlobalArgs, io: CliIo): Promise<{ logger: Logger; close: () => Promise<void> }> {
  // Every password the environment holds: the default login's and each issuer's (FACTURA_CLAVE_<RUC>).
  const secrets = Object.entries(io.env)
    .filter(([name, value]) => /^FACTURA_CLAVE(_\d{11})?$/.test(name) && value !== undefined && value.length > 0)
    .map(([, value]) => value ?? '');
  if (args.logFile !== undefined) {
    const file = createWriteStream(args.logFile, { flags: 'a' });
    try {
      await once(file, 'open');
    } catch (err) {
      throw usage(
        `No se pudo abrir el archivo de registro ${args.logFile}: ${(err as Error).message}`,
        `Could not open the log file ${args.logFile}: ${(err as Error).message}`,
      );
    }
    const logger = createLogger({ level: args.debug ? 'debug' : (args.logLevel ?? 'info'), format: 'json', destination: file, secrets });
    return {
      logger,
      close: async () => {
        file.end();
        await once(file, 'finish');
      },
    };
  }
  if (args.debug || args.logFormat !== undefined || args.logLevel !== undefined) {
    const logger = createLogger({
      level: args.debug ? 'debug' : (args.logLevel ?? 'info'),
      ...(args.logFormat !== undefined ? { format: args.logFormat } : {}),
      destination: io.stderr,
      secrets,
    });
    return { logger, close: () => Promise.resolve() };
  }
  return { logger: silentLogger(), close: () => Promise.resolve() };
}
