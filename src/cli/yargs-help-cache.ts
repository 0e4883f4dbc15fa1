import type { Argv } from 'yargs';

/** The one private shape of yargs this CLI touches (test/cli/yargs-help-cache.test.ts checks it against the installed yargs). */
interface YargsUsageInternals {
  cacheHelpMessage?: () => void;
}

/**
 * Stops yargs from laying out a command's whole help text each time it runs a command's handler:
 * it keeps that text only to print it should the handler fail, and this CLI's `.fail` turns every
 * failure into its own message instead, so the text was never shown (cliui's wrapping and string
 * widths: 0.1–0.25 s of CPU at every run's start in a submit's profile). `--help` is unaffected:
 * it lays the text out when asked. Returns whether yargs had the hook (false: nothing changed).
 */
export function skipHelpCache(parser: Argv): boolean {
  const internal = parser as unknown as { getInternalMethods?: () => { getUsageInstance?: () => YargsUsageInternals } };
  const usage = internal.getInternalMethods?.().getUsageInstance?.();
  if (typeof usage?.cacheHelpMessage !== 'function') return false;
  usage.cacheHelpMessage = () => undefined;
  return true;
}
