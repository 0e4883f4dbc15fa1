import type { Lang } from '../i18n/localized-text.js';
import type { Logger } from '../logger.js';

/** What a command gets from the outside world; tests pass their own streams and environment. */
export interface CliIo {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  /** Aborted on the first Ctrl-C / SIGTERM. */
  readonly signal?: AbortSignal;
}

/** The global options every command accepts. */
export interface GlobalArgs {
  readonly lang: Lang;
  readonly logFormat?: 'json' | 'pretty';
  readonly logLevel?: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  readonly logFile?: string;
  readonly debug: boolean;
  readonly quiet: boolean;
  readonly config?: string;
}

export interface CliContext {
  readonly io: CliIo;
  readonly args: GlobalArgs;
  readonly logger: Logger;
  /** Prints a line for humans on stdout. */
  readonly print: (line: string) => void;
}
