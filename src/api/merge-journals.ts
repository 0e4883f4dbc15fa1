import { open, rename } from 'node:fs/promises';
import { localized } from '../i18n/localized-text.js';
import type { LocalizedText } from '../i18n/localized-text.js';
import { openJournal } from '../submit/journal.js';
import { journalLines } from '../submit/journal-lines.js';
import { writeFailure } from '../write-failure.js';

/** What became of one journal folded into another. */
export type JournalMerge =
  { readonly path: string; readonly merged: number; readonly renamedTo: string } | { readonly path: string; readonly refused: LocalizedText };

/** The suffix a folded journal is renamed with: kept, for whoever wants to read it, and never folded twice. */
export const MERGED_SUFFIX = '.unido';

/**
 * Folds earlier submission journals into `target`, one after the other: every record of each is
 * appended as it was written (its times and outcomes), the lot made durable, then the source is
 * renamed `<source>.unido`. The journal's rules make the result what the sources said together: a
 * key once accepted stays accepted with its content, whichever journal said it. A source's torn last
 * line (a crash) is left out, as a run reading it would; a source with a damaged line before its
 * last is not folded and stays where it is, said in the result. A crash in the middle folds that
 * source again next time, which repeats records the journal's rules read the same.
 *
 * For a program that once kept a journal per sheet and now keeps one for all (the web workspace);
 * no submission may be using the target or a source meanwhile.
 */
export async function mergeJournals(sources: readonly string[], target: string): Promise<readonly JournalMerge[]> {
  // Opened as a run opens it: a torn last line is cut off, so what is appended starts on a line of its own.
  await (await openJournal(target)).close();
  const done: JournalMerge[] = [];
  for (const source of sources) {
    const read = await recordsOf(source);
    if ('refused' in read) {
      done.push({ path: source, refused: read.refused });
      continue;
    }
    await appendLines(target, read.lines);
    const renamedTo = `${source}${MERGED_SUFFIX}`;
    await rename(source, renamedTo);
    done.push({ path: source, merged: read.lines.length, renamedTo });
  }
  return done;
}

/** The source's record lines, without a torn last one; refused when a line before the last is not a record. */
async function recordsOf(path: string): Promise<{ readonly lines: readonly string[] } | { readonly refused: LocalizedText }> {
  const lines: string[] = [];
  let bad: number | undefined;
  for await (const { line, text, record } of journalLines(path)) {
    if (text.trim() === '') continue;
    if (bad !== undefined) {
      return {
        refused: localized(
          `El diario de envíos ${path} está dañado en la línea ${bad}: no se unió a los demás. Revíselo o restáurelo.`,
          `The submission journal ${path} is damaged at line ${bad}: it was not merged. Check or restore it.`,
        ),
      };
    }
    if (record === undefined) bad = line;
    else lines.push(text);
  }
  return { lines };
}

/** Appends whole lines after the target's last (which ends with a newline, or gets one first), and syncs them to disk. */
async function appendLines(target: string, lines: readonly string[]): Promise<void> {
  if (lines.length === 0) return;
  const fh = await open(target, 'a+');
  try {
    const { size } = await fh.stat();
    const last = Buffer.alloc(1);
    if (size > 0) await fh.read(last, 0, 1, size - 1);
    const lead = size > 0 && last[0] !== 0x0a ? '\n' : '';
    await fh.appendFile(`${lead}${lines.join('\n')}\n`);
    await fh.datasync();
  } catch (error) {
    throw writeFailure(localized('en el diario de envíos', 'to the submission journal'), target, error);
  } finally {
    await fh.close();
  }
}
