import { createRequire } from 'node:module';
import pino from 'pino';
import type PinoPretty from 'pino-pretty';
import type { Writable } from 'node:stream';
import { redactSecrets, redactText } from './redact-secrets.js';

export type Logger = pino.Logger;

export interface LoggerOptions {
  readonly level?: pino.LevelWithSilent;
  /** `json` for machines; `pretty` for people. Default: pretty on a TTY, JSON otherwise. */
  readonly format?: 'json' | 'pretty';
  /** Where log lines go; stderr by default (stdout is for results). */
  readonly destination?: Writable | NodeJS.WritableStream;
  /** Literal secrets (the password) to scrub wherever they appear, besides tokens and JWTs. */
  readonly secrets?: readonly string[];
}

/**
 * pino-pretty, loaded by the first logger that prints for people: runs log JSON or nothing by
 * default, and loading it cost every run ≈ 40 ms of CPU at start-up.
 */
const pretty = (options: PinoPretty.PrettyOptions): PinoPretty.PrettyStream => (createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty)(options);

/** A pino logger on stderr that never writes a token, a password or an authorization header. */
export function createLogger(options: LoggerOptions = {}): Logger {
  const destination = options.destination ?? process.stderr;
  const isTty = 'isTTY' in destination && destination.isTTY === true;
  const format = options.format ?? (isTty ? 'pretty' : 'json');
  const secrets = options.secrets ?? [];
  const stream = format === 'pretty' ? pretty({ destination, sync: true, colorize: isTty, ignore: 'pid,hostname', translateTime: 'HH:MM:ss' }) : destination;
  return pino(
    {
      level: options.level ?? 'info',
      base: null,
      hooks: {
        logMethod(args, method) {
          const scrubbed = args.map((a: unknown) => (typeof a === 'string' ? redactText(a, secrets) : redactSecrets(a, secrets))) as Parameters<typeof method>;
          method.apply(this, scrubbed);
        },
      },
    },
    stream as pino.DestinationStream,
  );
}

/** A logger that writes nothing, for tests and library use. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
