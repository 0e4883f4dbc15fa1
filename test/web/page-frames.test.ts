import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp-dir.js';
import { openBrowser } from './browser-session.js';
import { checkWatchedPages, chromiumLogTail, framesStalled, watchedPages } from './page-frames.js';

describe('the browser tests’ frame watch, on a real Chromium page', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    dir = await tempDir('factura-frames-');
    ({ context, page } = await openBrowser(join(dir.path, 'perfil-chromium')));
    await page.setContent('<button>Enviar</button>');
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await dir?.cleanup();
  });

  it('passes a page that draws, and fails one whose frames stopped (its script still running) with Chromium’s log', async () => {
    expect(watchedPages.has(page)).toBe(true);
    await expect(framesStalled(page)).resolves.toBe(false);
    await expect(checkWatchedPages()).resolves.toBeUndefined();
    // Paused virtual time stops a page's frames as the stall seen in CI did: script answers, no animation frame.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setVirtualTimePolicy', { policy: 'pause' });
    try {
      // A frame already on its way may still come (on a busy machine): the pause holds from the next one.
      await expect.poll(() => framesStalled(page, 500), { timeout: 10_000, interval: 50 }).toBe(true);
      await expect(page.evaluate<string>('document.querySelector("button").textContent')).resolves.toBe('Enviar');
      await expect(checkWatchedPages(500)).rejects.toThrow(
        /drew no animation frame of about:blank in 500 ms .*did not help; a new page of the same browser does draw\. Chromium's log/s,
      );
    } finally {
      await cdp.send('Emulation.setVirtualTimePolicy', { policy: 'advance' });
    }
    await expect(framesStalled(page)).resolves.toBe(false);
    await expect(checkWatchedPages()).resolves.toBeUndefined();
  }, 30_000);

  it('reads Chromium’s log from the profile, without the machine’s D-Bus complaints', async () => {
    const tail = await chromiumLogTail(join(dir.path, 'perfil-chromium', 'chromium.log'));
    expect(tail).not.toBe('(nothing)');
    expect(tail).not.toContain('dbus');
  });

  it('forgets a page once it is closed', async () => {
    const other = await context.newPage();
    watchedPages.set(other, 'none.log');
    await other.close();
    await checkWatchedPages();
    expect(watchedPages.has(other)).toBe(false);
    expect(watchedPages.has(page)).toBe(true);
  });
});
