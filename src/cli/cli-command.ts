import type { Argv } from 'yargs';
import type { CliContext, GlobalArgs } from './cli-context.js';

/** A command: its yargs definition and a handler that returns the exit code. */
export interface CliCommand<A> {
  readonly command: string;
  readonly describe: string;
  readonly builder: (y: Argv<GlobalArgs>) => Argv<A>;
  readonly run: (args: A & GlobalArgs, ctx: CliContext) => Promise<number>;
}
