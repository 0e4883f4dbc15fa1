/// <reference lib="dom" />
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp-dir.js';
import type { ServeProcess } from './browser-session.js';
import { closeWorkspace, openBrowser, POLL, startServe } from './browser-session.js';

// Row 2's quantity is «dos» and a U+202E (right-to-left override), invisible in Excel.
const CSV =
  'serie,numero,fechaEmision,receptorNumeroDocumento,receptorNombreLegal,descripcion,cantidad,valorVentaUnitario\n' +
  'F001,1,2026-01-05,20512333797,Comercial Andina S.A.C.,Arroz,dos\u202e,18.50\n';

/**
 * Where each of `words` is drawn, left to right, inside `element`: the left edge of the first of
 * its occurrences after the one before (in the text's logical order), as the browser lays it out.
 */
function drawnAt(element: Locator, words: readonly string[]): Promise<number[]> {
  return element.evaluate((root, wanted) => {
    const nodes: Text[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) nodes.push(node as Text);
    const text = nodes.map((n) => n.data).join('');
    /** The text node and the offset in it of the `at`-th character of `text`. */
    const place = (at: number): [Text, number] => {
      let left = at;
      for (const node of nodes) {
        if (left <= node.data.length) return [node, left];
        left -= node.data.length;
      }
      throw new Error(`no character ${at}`);
    };
    let from = 0;
    return wanted.map((word) => {
      const at = text.indexOf(word, from);
      if (at < 0) throw new Error(`«${word}» is not in «${text}»`);
      from = at + word.length;
      const range = document.createRange();
      range.setStart(...place(at));
      range.setEnd(...place(at + word.length));
      return range.getBoundingClientRect().left;
    });
  }, words);
}

/** True when every number is larger than the one before it. */
const increasing = (xs: readonly number[]): boolean => xs.every((x, i) => i === 0 || x > (xs[i - 1] ?? x));

// Was a defect: a U+202E in a cell reversed the rest of the message quoting it, on the page
// «cantidad: «dos.oremún nu se on «», in «Problemas encontrados» and in the grid.
describe('a cell holding a bidirectional control, in the messages of the page', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  let serve: ServeProcess;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    dir = await tempDir('factura-web-bidi-');
    serve = await startServe(join(dir.path, 'espacio'));
    ({ context, page } = await openBrowser(join(dir.path, 'perfil-chromium')));
  }, 60_000);
  afterAll(async () => {
    await closeWorkspace({ context, serve, dir });
  });

  it('reads in order in «Problemas encontrados» and in the grid, the value isolated, and the cell keeps what was typed', async () => {
    const sheet = join(dir.path, 'ventas.csv');
    await writeFile(sheet, CSV);
    await page.goto(serve.url);
    await page.getByLabel('Hoja de ventas', { exact: true }).setInputFiles(sheet);
    await page.getByRole('heading', { name: 'Problemas encontrados' }).waitFor();

    const group = page.locator('.problem-group').filter({ hasText: 'no es un número' });
    await group.locator('summary').click();
    const item = group.locator('.problem-items li').filter({ hasText: 'Fila 2:' });
    await item.waitFor();
    // The row said once (the group names the column): was «Fila 2: Fila 2, Cantidad: …».
    expect(await item.innerText()).toBe('Fila 2: «dos<U+202E>» no es un número.');
    // Drawn in that order too: reversed, «número» came first.
    expect(increasing(await drawnAt(item, ['Fila', 'dos', 'no', 'es', 'un', 'número']))).toBe(true);
    // The group's example (its message), on a line of its own after the column and the count.
    expect(increasing(await drawnAt(group.locator('summary .group-example'), ['dos', 'no', 'es', 'un', 'número']))).toBe(true);
    // The quoted value and the column's name (both the user's text) are each laid out on their own.
    await expect(item.locator('bdi').allTextContents()).resolves.toEqual(['dos<U+202E>']);
    await expect(group.locator('summary bdi').allTextContents()).resolves.toEqual(['G · cantidad', 'dos<U+202E>']);

    const grid = page.getByRole('grid', { name: 'Filas de la hoja' });
    const cell = grid.locator('[data-cell="2-6"]');
    await cell.focus();
    const message = cell.locator('.cell-message');
    await expect.poll(() => message.innerText(), POLL).toBe('«dos<U+202E>» no es un número.');
    expect(increasing(await drawnAt(message, ['dos', 'no', 'es', 'un', 'número']))).toBe(true);
    // The cell itself shows what the sheet holds, the U+202E included.
    expect(await cell.evaluate((td) => td.firstChild?.textContent)).toBe('dos\u202e');
  }, 90_000);
});
