import type { Argv } from 'yargs';
import type { LocalizedText } from '../i18n/localized-text.js';
import type { CliContext, GlobalArgs } from './cli-context.js';

/** Picks the Spanish or the English text for help and usage messages (the run's `--lang`). */
export type Say = (es: string, en: string) => string;

/** A command: its yargs definition (help in the run's language) and a handler that returns the exit code. */
export interface CliCommand<A> {
  readonly command: string;
  readonly describe: LocalizedText;
  readonly builder: (y: Argv<GlobalArgs>, say: Say) => Argv<A>;
  readonly run: (args: A & GlobalArgs, ctx: CliContext) => Promise<number>;
}
