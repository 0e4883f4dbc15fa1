import type { Argv } from 'yargs';
import type { Lang, LocalizedText } from '../i18n/localized-text.js';
import type { CliContext, GlobalArgs } from './cli-context.js';

/** A command: its yargs definition (help in the run's language) and a handler that returns the exit code. */
export interface CliCommand<A> {
  readonly command: string;
  readonly describe: LocalizedText;
  /** `lang`: the language of the help and usage texts (the run's `--lang`). */
  readonly builder: (y: Argv<GlobalArgs>, lang: Lang) => Argv<A>;
  readonly run: (args: A & GlobalArgs, ctx: CliContext) => Promise<number>;
}
