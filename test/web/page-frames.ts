import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';

/**
 * The pages the browser tests opened, each with the file its Chromium logs to. Chromium has been seen (once, in CI)
 * to stop drawing a page for good while its script still ran: every click then waits for the element to be
 * «stable», which takes two animation frames, and the test file's tests time out one after another with no clue.
 * watch-frames.ts has checkWatchedPages look at these pages before each test.
 */
export const watchedPages = new Map<Page, string>();

/** Whether the page drew no animation frame within `ms`; a closed page has not stalled. */
export async function framesStalled(page: Page, ms = 5_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const none = new Promise<'none'>((resolve) => (timer = setTimeout(() => resolve('none'), ms)));
  const frame = page.evaluate<string>('new Promise((resolve) => requestAnimationFrame(() => resolve("frame")))').catch(() => 'closed');
  try {
    return (await Promise.race([frame, none])) === 'none';
  } finally {
    clearTimeout(timer);
  }
}

/** Whether a new page of the same browser draws: tells a stalled page (its renderer) from a stalled browser (its compositor). */
async function freshPageDraws(page: Page, ms: number): Promise<string> {
  const fresh = await page.context().newPage();
  try {
    await fresh.setContent('<p>frames?</p>');
    return (await framesStalled(fresh, ms)) ? 'a new page of the same browser draws none either' : 'a new page of the same browser does draw';
  } finally {
    await fresh.close();
  }
}

/** The last lines Chromium logged, without its complaints about the machine's missing D-Bus. */
export async function chromiumLogTail(logFile: string, lines = 30): Promise<string> {
  const text = await readFile(logFile, 'utf8').catch(() => '');
  const kept = text.split('\n').filter((l) => l !== '' && !l.includes('dbus'));
  return kept.slice(-lines).join('\n') || '(nothing)';
}

/**
 * Every watched page must still draw frames. A page that stopped is brought to the front once (the one nudge
 * Chromium offers a page it treats as hidden): if that brings its frames back, a warning; else an error, with
 * Chromium's own log. Closed pages are forgotten.
 */
export async function checkWatchedPages(ms = 5_000): Promise<void> {
  for (const [page, logFile] of watchedPages) {
    if (page.isClosed()) {
      watchedPages.delete(page);
      continue;
    }
    if (!(await framesStalled(page, ms))) continue;
    await page.bringToFront();
    const recovered = !(await framesStalled(page, ms));
    const said = `Chromium drew no animation frame of ${page.url()} in ${ms} ms (its script still runs); ${recovered ? 'bringing the page to the front brought its frames back' : `bringing it to the front did not help; ${await freshPageDraws(page, ms)}`}. Chromium's log (${logFile}):\n${await chromiumLogTail(logFile)}`;
    if (!recovered) throw new Error(said);
    console.warn(said);
  }
}
