import { chmod, mkdir, readdir, readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import contentDisposition from 'content-disposition';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceServer } from '../../src/web/workspace-server.js';
import { startWorkspaceServer } from '../../src/web/workspace-server.js';
import { LINK_HEADER, SESSION_HEADER, SESSION_PATH } from '../../src/web/workspace-api.js';
import { PROJECT_ROOT } from '../helpers/cli-process.js';
import { tempDir } from '../helpers/temp-dir.js';
import { multipart } from '../helpers/multipart-body.js';
import { writeSalesCsv } from '../reliability/sales-sheet.js';
import type { ServeProcess } from './browser-session.js';
import { closeWorkspace, openBrowser, POLL, startServe, uploadAndCheck } from './browser-session.js';

const CSV =
  'serie,numero,fechaEmision,receptorNumeroDocumento,receptorNombreLegal,descripcion,cantidad,valorVentaUnitario\nF001,1,2026-01-05,20512333797,Comercial Andina S.A.C.,Arroz,2,18.50\n';

function* chunks(b: Buffer, size: number): Generator<Buffer> {
  for (let i = 0; i < b.length; i += size) yield b.subarray(i, i + size);
}

async function allFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await allFiles(p)));
    else out.push(p);
  }
  return out;
}

describe('the workspace server refuses what a local server must refuse', () => {
  let server: WorkspaceServer;
  let workspace: { path: string; cleanup: () => Promise<void> };
  let secret = '';
  let host = '';
  /** The headers of the page's calls: the session's secret, and its Origin. */
  let session: Record<string, string> = {};

  beforeAll(async () => {
    workspace = await tempDir('factura-web-');
    server = await startWorkspaceServer({ workspace: workspace.path, port: 0, maxUploadMb: 1 });
    host = new URL(server.origin).host;
    // The link gives the page (no data), and no cookie; the page's script exchanges the token for the secret.
    const res = await request(server.openUrl, { headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await res.body.text()).toContain('<div id="app">');
    const exchanged = await exchange(new URL(server.openUrl).searchParams.get('t') ?? '');
    expect(exchanged.statusCode).toBe(200);
    expect(exchanged.headers['set-cookie']).toBeUndefined();
    expect(exchanged.headers['cache-control']).toBe('no-store');
    secret = ((await exchanged.body.json()) as { secret: string }).secret;
    expect(secret).toMatch(/^[\w-]{40,}$/);
    session = { [SESSION_HEADER]: secret, origin: server.origin };
  });
  afterAll(async () => {
    await server.close();
    await workspace.cleanup();
  });

  /** POST /api/session as the page's script sends it: the link's token, from the page's own Origin. */
  const exchange = (token: string, origin = server.origin) =>
    request(`${server.origin}${SESSION_PATH}`, { method: 'POST', headers: { origin, [LINK_HEADER]: token } });

  const upload = (fileName: string, content: Buffer | string, headers: Record<string, string> = {}) => {
    const { body, type } = multipart(fileName, content);
    return request(`${server.origin}/api/uploads`, {
      method: 'POST',
      headers: { ...session, 'content-type': type, ...headers },
      body,
    });
  };

  it('answers 401 to a request without the session secret, and the used token does not open a second session', async () => {
    const api = await request(`${server.origin}/api/checks`);
    expect(api.statusCode).toBe(401);
    expect(((await api.body.json()) as { error: string }).error).toMatch(/enlace que muestra la terminal/);
    const token = new URL(server.openUrl).searchParams.get('t') ?? '';
    const again = await exchange(token);
    expect(again.statusCode).toBe(401);
    expect(((await again.body.json()) as { error: string }).error).toMatch(/enlace que muestra la terminal/);
    const guessed = await request(`${server.origin}/api/checks`, { headers: { [SESSION_HEADER]: 'adivinado' } });
    expect(guessed.statusCode).toBe(401);
    await guessed.body.dump();
    // The secret given twice (two headers) is no secret.
    const twice = await request(`${server.origin}/api/checks`, { headers: [SESSION_HEADER, secret, SESSION_HEADER, secret] });
    expect(twice.statusCode).toBe(401);
    await twice.body.dump();
    // An address written otherwise but routed to the API is the API: `%61` is `a`.
    const encoded = await request(`${server.origin}/%61pi/checks`);
    expect(encoded.statusCode).toBe(401);
    await encoded.body.dump();
    // A browser opening the used link (a second click) reads the same words on a page, not a JSON object.
    const opened = await request(server.openUrl, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(opened.statusCode).toBe(401);
    expect(opened.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(opened.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const html = await opened.body.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('Este enlace no es de la sesión actual del espacio de trabajo: abra el enlace que muestra la terminal');
    // A wrong token too.
    const wrong = await request(`${server.origin}/?t=adivinado`, { headers: { accept: 'text/html' } });
    expect(wrong.statusCode).toBe(401);
    await wrong.body.dump();
  });

  it('takes no cookie as the session: a request with only a cookie gets 401, to a read as to a change, and stores nothing', async () => {
    // A review: the session was a cookie alone, and browsers send a 127.0.0.1 cookie to every port of 127.0.0.1; a
    // program there replayed it, with a forged Origin, and read the checks, uploaded, ran a check and sent it.
    const cookie = `factura_sesion_${server.port}=${secret}`;
    const read = await request(`${server.origin}/api/checks`, { headers: { cookie, origin: server.origin } });
    expect(read.statusCode).toBe(401);
    await read.body.dump();
    const before = (await allFiles(workspace.path)).length;
    const uploaded = await upload('ventas.csv', CSV, { cookie, [SESSION_HEADER]: '' });
    expect(uploaded.statusCode).toBe(401);
    await uploaded.body.dump();
    const run = await request(`${server.origin}/api/checks/00000000-0000-4000-8000-000000000000/run`, {
      method: 'POST',
      headers: { cookie, origin: server.origin, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(run.statusCode).toBe(401);
    await run.body.dump();
    expect(await allFiles(workspace.path)).toHaveLength(before);
    // A cookie planted beside the secret (cookie tossing) changes nothing: the secret alone counts.
    const planted = await request(`${server.origin}/api/checks`, { headers: { ...session, cookie: `factura_sesion_${server.port}=x; otra=y` } });
    expect(planted.statusCode).toBe(200);
    await planted.body.dump();
  });

  it('serves the page itself (no data) to anyone who reaches the server, with the CSP, and the exchange only to its own Origin', async () => {
    const page = await request(`${server.origin}/`, { headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    await page.body.dump();
    const foreignHost = await request(`${server.origin}/`, { headers: { host: `evil.example:${server.port}` } });
    expect(foreignHost.statusCode).toBe(403);
    await foreignHost.body.dump();
    for (const origin of ['http://127.0.0.1:1', 'http://evil.example']) {
      const foreign = await exchange('cualquiera', origin);
      expect(foreign.statusCode).toBe(403);
      await foreign.body.dump();
    }
    const asks = await request(`${server.origin}${SESSION_PATH}`, { headers: session });
    expect(asks.statusCode).toBe(200);
    await asks.body.dump();
  });

  it('answers 403 to a foreign Host (DNS rebinding), even with the session secret', async () => {
    const res = await request(`${server.origin}/api/checks`, { headers: { ...session, host: `evil.example:${server.port}` } });
    expect(res.statusCode).toBe(403);
    expect(((await res.body.json()) as { error: string }).error).toMatch(/Dirección no permitida/);
    const ok = await request(`${server.origin}/api/checks`, { headers: { ...session, host } });
    expect(ok.statusCode).toBe(200);
    await ok.body.dump();
  });

  it('answers 403 to a state-changing request from a foreign Origin or with no Origin', async () => {
    const foreign = await upload('ventas.csv', CSV, { origin: 'http://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(((await foreign.body.json()) as { error: string }).error).toMatch(/no viene de la página/);
    const { body, type } = multipart('ventas.csv', CSV);
    const none = await request(`${server.origin}/api/uploads`, { method: 'POST', headers: { [SESSION_HEADER]: secret, 'content-type': type }, body });
    expect(none.statusCode).toBe(403);
    await none.body.dump();
    expect(await allFiles(workspace.path).then((f) => f.filter((p) => p.includes('hoja-subida')))).toEqual([]);
  });

  it('guards the edit routes as every state-changing request: a foreign Origin gets 403 and changes nothing', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const bodies: Record<string, unknown> = {
      edits: { row: 2, col: 0, value: 'x' },
      'edits/replace': { col: 0, find: 'a', replace: 'b' },
      'edits/undo': undefined,
    };
    for (const [path, body] of Object.entries(bodies)) {
      const send = (origin: string) =>
        request(`${server.origin}/api/checks/${id}/${path}`, {
          method: 'POST',
          headers: { [SESSION_HEADER]: secret, origin, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      const foreign = await send('http://evil.example');
      expect(foreign.statusCode).toBe(403);
      await foreign.body.dump();
      const own = await send(server.origin);
      expect(own.statusCode).toBe(404);
      expect(((await own.body.json()) as { error: string }).error).toMatch(/No se encontró esa revisión/);
    }
  });

  it('answers a request too large to be read (its address, its headers) in Spanish, with the security headers', async () => {
    for (const res of [
      await request(`${server.origin}/api/checks/${'a'.repeat(100_000)}`, { headers: session }),
      await request(`${server.origin}/api/checks`, { headers: { ...session, 'x-relleno': 'a'.repeat(20_000) } }),
    ]) {
      expect(res.statusCode).toBe(431);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      await expect(res.body.json()).resolves.toEqual({ error: 'La solicitud es demasiado grande: su dirección o sus encabezados pasan del límite.' });
    }
  });

  it('answers an address that does not decode in Spanish, with the security headers, without echoing it', async () => {
    // A security review: Fastify answered «'/api/checks/%' is not a valid url component» in English, echoing the
    // address (a <script> in it came back), with none of the security headers, before any hook ran.
    for (const path of ['/api/checks/%', '/api/checks/%c0%ae%3Cscript%3E']) {
      const res = await request(`${server.origin}${path}`, { headers: { ...session, host: `evil.example:${server.port}` } });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
      await expect(res.body.json()).resolves.toEqual({ error: 'La dirección no es válida.' });
    }
  });

  it('keeps the workspace folder to its owner, new or already there: the customers’ sales are no other account’s to read', async () => {
    // A review found it 755 and its files 644 (the umask's): readable by every account on the machine.
    const fresh = join(workspace.path, 'nuevo', 'espacio');
    const existing = join(workspace.path, 'existente');
    await mkdir(existing, { mode: 0o755 });
    await chmod(existing, 0o755);
    for (const folder of [fresh, existing]) {
      const other = await startWorkspaceServer({ workspace: folder, port: 0 });
      await other.close();
      expect((await stat(folder)).mode & 0o777).toBe(0o700);
    }
  });

  it('sends a strict Content-Security-Policy with every answer', async () => {
    const res = await request(`${server.origin}/api/checks`, { headers: session });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // An answer of the API is kept by no cache.
    expect(res.headers['cache-control']).toBe('no-store');
    await res.body.dump();
  });

  it('refuses an upload over --max-upload-mb with 413 and a Spanish message, declared or streamed, and keeps nothing of it', async () => {
    const big = Buffer.alloc(1024 * 1024 + 200 * 1024, 'a');
    const declared = await upload('grande.csv', big);
    expect(declared.statusCode).toBe(413);
    expect(((await declared.body.json()) as { error: string }).error).toBe(
      'El archivo supera el límite de 1 MB que acepta este espacio de trabajo. Divida la hoja en partes más pequeñas (por ejemplo, una por mes o por serie) y súbalas una por una, o pida a quien inició «factura-import serve» que lo inicie de nuevo con un límite mayor (--max-upload-mb).',
    );
    // Without a Content-Length (chunked), the cap is enforced while the file streams to disk.
    const { body, type } = multipart('grande.csv', big);
    const streamed = await request(`${server.origin}/api/uploads`, {
      method: 'POST',
      headers: { ...session, 'content-type': type },
      body: Readable.from(chunks(body, 64 * 1024)),
    });
    expect(streamed.statusCode).toBe(413);
    expect(((await streamed.body.json()) as { error: string }).error).toMatch(/supera el límite de 1 MB/);
    expect((await allFiles(workspace.path)).filter((p) => p.includes('hoja-subida'))).toEqual([]);
  });

  it('caps JSON bodies too', async () => {
    const res = await request(`${server.origin}/api/checks/00000000-0000-4000-8000-000000000000/run`, {
      method: 'POST',
      headers: { ...session, 'content-type': 'application/json' },
      body: JSON.stringify({ mapping: { serie: 'x'.repeat(200_000) } }),
    });
    expect(res.statusCode).toBe(413);
    await res.body.dump();
  });

  it('stores a path-like uploaded name under a generated name and shows only its last segment', async () => {
    const res = await upload('../../../../tmp/evil/ventas enero.csv', CSV);
    expect(res.statusCode).toBe(200);
    const preview = (await res.body.json()) as { checkId: string; fileName: string; autoMapped: boolean };
    expect(preview.fileName).toBe('ventas enero.csv');
    expect(preview.autoMapped).toBe(true);
    const files = await allFiles(workspace.path);
    expect(files).toContain(join(workspace.path, 'checks', preview.checkId, 'hoja-subida'));
    expect(files.some((f) => f.includes('ventas enero') || f.includes('evil'))).toBe(false);
  });

  it('answers a broken or odd upload with 400 and a Spanish message, at once, never a 500 or a request left hanging', async () => {
    const post = async (type: string, body: Buffer | string): Promise<{ status: number; error: string }> => {
      const res = await request(`${server.origin}/api/uploads`, {
        method: 'POST',
        headers: { ...session, 'content-type': type },
        body,
        headersTimeout: 30_000,
      });
      return { status: res.statusCode, error: ((await res.body.json()) as { error: string }).error };
    };
    const cut = 'La hoja no llegó completa (el envío se cortó o está dañado). Vuelva a elegir el archivo.';
    // No boundary; a form cut short before its closing boundary.
    expect(await post('multipart/form-data', 'x')).toEqual({ status: 400, error: cut });
    const { body, type } = multipart('ventas.csv', CSV);
    expect(await post(type, body.subarray(0, body.length - 30))).toEqual({ status: 400, error: cut });
    // A form field instead of (or beside) the file: not «too large».
    const field = `--XX\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--XX--\r\n`;
    expect(await post('multipart/form-data; boundary=XX', field)).toEqual({
      status: 400,
      error: 'Envíe solo la hoja de ventas: un único archivo, sin otros campos.',
    });
    // A file name with a line break: the parser skips the part; with more than its buffer behind it, the
    // answer still comes (after the wait for the part), not never.
    const skipped = `--XX\r\nContent-Disposition: form-data; name="hoja"; filename*=UTF-8''a%0Db.csv\r\nContent-Type: text/csv\r\n\r\n${CSV.repeat(200)}\r\n--XX--\r\n`;
    expect(await post('multipart/form-data; boundary=XX', skipped)).toEqual({
      status: 400,
      error: 'No llegó ningún archivo. Elija la hoja de ventas (.xlsx o .csv).',
    });
    // Something after the file (a second file, a field): refused as a field before it is, and nothing kept
    // (a security review: it was taken in silence, the first file kept).
    const before = (await allFiles(workspace.path)).length;
    const part = (name: string): string =>
      `--XX\r\nContent-Disposition: form-data; name="hoja"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n${CSV}\r\n`;
    for (const extra of [part('otra.csv'), `--XX\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n`]) {
      expect(await post('multipart/form-data; boundary=XX', `${part('ventas.csv')}${extra}--XX--\r\n`)).toEqual({
        status: 400,
        error: 'Envíe solo la hoja de ventas: un único archivo, sin otros campos.',
      });
    }
    expect(await allFiles(workspace.path)).toHaveLength(before);
  }, 40_000);

  it('names a download as the upload, encoded as RFC 8187 says, without the characters that could disguise it', async () => {
    const res = await upload('ventas (nov)*\u202egpj.csv', CSV);
    expect(res.statusCode).toBe(200);
    const preview = (await res.body.json()) as { checkId: string; fileName: string };
    expect(preview.fileName).toBe('ventas (nov)*gpj.csv');
    const run = await request(`${server.origin}/api/checks/${preview.checkId}/run`, {
      method: 'POST',
      headers: { ...session, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(run.statusCode).toBe(202);
    await run.body.dump();
    // The live progress, a hijacked answer, carries the security headers too; it ends with the check.
    const events = await request(`${server.origin}/api/checks/${preview.checkId}/events`, { headers: session });
    expect(String(events.headers['content-security-policy'])).toContain("default-src 'none'");
    expect(events.headers['x-frame-options']).toBe('DENY');
    expect(await events.body.text()).toMatch(/"type":"(done|failed)"/);
    const download = await request(`${server.origin}/api/checks/${preview.checkId}/download/resultados`, { headers: session });
    expect(download.statusCode).toBe(200);
    await download.body.dump();
    const header = String(download.headers['content-disposition']);
    expect(contentDisposition.parse(header)).toEqual({ type: 'attachment', parameters: { filename: 'ventas (nov)*gpj.resultados.xlsx' } });
  });

  it('takes an Excel 97-2003 or LibreOffice sheet as the command line does (the format is read from the content)', async () => {
    for (const name of ['16-excel-97-2003.xls', '17-libreoffice.ods']) {
      const res = await upload(name, await readFile(join(PROJECT_ROOT, 'fixtures/real-world', name)));
      expect(res.statusCode, name).toBe(200);
      const preview = (await res.body.json()) as { fileName: string; autoMapped: boolean };
      expect(preview).toMatchObject({ fileName: name, autoMapped: true });
    }
  });
});

/**
 * Another program listening on 127.0.0.1 (a hostile local program; on a shared terminal server, another user's)
 * that the user's browser visits: it records every request's headers, and its page plants cookies named as the
 * workspace's session was, the narrower path first (cookie tossing).
 */
async function startOtherLocalSite(workspacePort: number): Promise<{ origin: string; cookiesSeen: () => string[]; close(): Promise<void> }> {
  const cookies: string[] = [];
  const name = `factura_sesion_${workspacePort}`;
  const server = http.createServer((req, res) => {
    if (req.headers.cookie !== undefined) cookies.push(req.headers.cookie);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><script>document.cookie = "${name}=x; path=/api; max-age=600"; document.cookie = "${name}=y; path=/; max-age=600";</script><p>hola</p>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    cookiesSeen: () => [...cookies],
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A security review: the session was a cookie alone. Browsers keep cookies per host, not per port, so a program on
 * another 127.0.0.1 port that the browser visited received it and replayed it (it read the checks, uploaded, ran a
 * check and sent it); and a page there planted a cookie of the same name on a narrower path, which the browser
 * sent first, and the workspace answered 401 for good. The session is now a secret the page's own script keeps in
 * its origin's storage and sends in a header.
 */
describe('the session in a real browser: only the workspace’s own page holds it', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  let serve: ServeProcess;
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  let other: Awaited<ReturnType<typeof startOtherLocalSite>>;
  let origin = '';
  let sheet = '';

  beforeAll(async () => {
    dir = await tempDir('factura-web-session-');
    sheet = join(dir.path, 'ventas.csv');
    await writeSalesCsv(sheet, { invoices: 2 });
    serve = await startServe(join(dir.path, 'espacio'));
    origin = new URL(serve.url).origin;
    other = await startOtherLocalSite(Number(new URL(serve.url).port));
    browser = await openBrowser(join(dir.path, 'perfil'));
  }, 60_000);
  afterAll(async () => {
    await other.close();
    await closeWorkspace({ context: browser.context, serve, dir });
  });

  const heading = (page: typeof browser.page) => page.getByRole('heading', { name: '1. Suba la hoja de ventas' });

  it('opens with the one-time link: the token leaves the address bar, no cookie is set, and the link opens nothing twice', async () => {
    const { page, context } = browser;
    await page.goto(serve.url);
    await heading(page).waitFor();
    await expect.poll(() => page.url(), POLL).toBe(`${origin}/`);
    expect(await context.cookies()).toEqual([]);
    // The same link again (a second click in the terminal): refused in words; the first tab goes on.
    const again = await context.newPage();
    const answer = await again.goto(serve.url);
    expect(answer?.status()).toBe(401);
    await again.getByText('Este enlace no es de la sesión actual del espacio de trabajo: abra el enlace que muestra la terminal').waitFor();
    await again.close();
    expect(browser.consoleErrors).toEqual([]);
  }, 60_000);

  it('gives a program on another 127.0.0.1 port that the browser visits nothing that opens the workspace', async () => {
    const tab = await browser.context.newPage();
    await tab.goto(other.origin);
    await tab.getByText('hola').waitFor();
    await tab.close();
    // Whatever the browser sent it, replayed from the program's own client with the Origin the server expects.
    const seen = other.cookiesSeen().join('; ');
    const replayed = { cookie: seen, origin };
    const read = await request(`${origin}/api/checks`, { headers: replayed });
    expect(read.statusCode).toBe(401);
    await read.body.dump();
    const { body, type } = multipart('otro.csv', await readFile(sheet));
    const uploaded = await request(`${origin}/api/uploads`, { method: 'POST', headers: { ...replayed, 'content-type': type }, body });
    expect(uploaded.statusCode).toBe(401);
    await uploaded.body.dump();
  }, 60_000);

  it('is not locked out by the cookies a page on another port planted: after a reload, and in a second tab, the whole flow works', async () => {
    const { page, context } = browser;
    const tab = await context.newPage();
    await tab.goto(other.origin);
    await tab.getByText('hola').waitFor();
    await tab.close();
    expect((await context.cookies(origin)).map((c) => c.name)).toContain(`factura_sesion_${new URL(origin).port}`);
    await page.reload();
    await heading(page).waitFor();
    // Upload (XMLHttpRequest), run, live progress (a fetch stream) and the check's view, all with the page's secret.
    await uploadAndCheck(page, sheet, 'VÁLIDO 2');
    const second = await context.newPage();
    await second.goto(origin);
    await heading(second).waitFor();
    await second.getByRole('button', { name: 'Abrir la revisión de ventas.csv' }).waitFor();
    await second.close();
    expect(browser.consoleErrors).toEqual([]);
  }, 90_000);

  it('says how to open the workspace in a browser that never had the link', async () => {
    const fresh = await openBrowser(join(dir.path, 'perfil-sin-enlace'));
    try {
      await fresh.page.goto(origin);
      await fresh.page
        .getByRole('alert')
        .filter({ hasText: 'Este enlace no es de la sesión actual del espacio de trabajo: abra el enlace que muestra la terminal' })
        .waitFor();
      expect(await heading(fresh.page).count()).toBe(0);
    } finally {
      await fresh.context.close();
    }
  }, 60_000);
});
