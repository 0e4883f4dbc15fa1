/**
 * The only module that talks to the workspace server; its types are the routes' own
 * (src/web/workspace-api.ts). Every failure becomes an ApiError with the server's Spanish message.
 */
import type {
  AppliedValueMaps,
  CellEditBody,
  CredentialsAnswer,
  CredentialsBody,
  CheckProgress,
  CheckView,
  EditAnswer,
  ErrorBody,
  ErrorCode,
  ForgetAnswer,
  GridPage,
  ProblemGroup,
  ProblemItem,
  RememberValueMapBody,
  ReplaceBody,
  RunCheckBody,
  SendPlan,
  ServiceView,
  SheetChoiceBody,
  SheetPreview,
  SubmissionView,
  SubmitBody,
  ValueMapView,
  SessionAnswer,
} from '../../src/web/workspace-api.js';
import { ERROR_CODES, LINK_HEADER, SESSION_PATH } from '../../src/web/workspace-api.js';
import { attachmentName } from './attachment-name.js';
import { keepSessionSecret, sessionHeaders } from './session-secret.js';
import { SessionLost, sessionLost } from './session-lost.js';

export type {
  CredentialsAnswer,
  ErrorCode,
  IssuerToSend,
  SendPlan,
  SubmissionView,
  ValueMapOfferView,
  ValueMapView,
  CheckProgress,
  CheckView,
  EditAnswer,
  ServiceView,
  GridPage,
  GridRow,
  ProblemGroup,
  ProblemItem,
  SheetColumn,
  SheetPreview,
} from '../../src/web/workspace-api.js';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Which refusal it is, when the server says (ErrorBody.code): the page acts on it, not on the words. */
    readonly code?: ErrorCode,
  ) {
    super(message);
  }
}

/** What the page says of a failure: an ApiError's own words (the server's Spanish message), else the error as text. */
export const shownError = (err: unknown): string => (err instanceof ApiError ? err.message : String(err));

const GENERIC = 'No se pudo comunicar con el espacio de trabajo. ¿Sigue abierta la terminal con «factura-import serve»?';

function bodyOf(text: string): Partial<ErrorBody> {
  try {
    // Any JSON: an object is read as the server's error body, whose fields are checked where they are used.
    const body = JSON.parse(text) as Partial<ErrorBody> | null;
    return typeof body === 'object' && body !== null ? body : {};
  } catch {
    return {}; // not JSON
  }
}

function messageOf(status: number, text: string): string {
  const { error } = bodyOf(text);
  if (typeof error === 'string') return error;
  return status === 0 ? GENERIC : `${GENERIC} (HTTP ${status})`;
}

/** A call the server refused: its words (and code); a refusal of the session (401) is said once for the whole page (session-lost.ts). */
function refused(status: number, text: string): ApiError {
  if (status === 401) sessionLost();
  const { code } = bodyOf(text);
  return new ApiError(
    status,
    messageOf(status, text),
    ERROR_CODES.find((c) => c === code),
  );
}

async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'omit',
      headers: { ...sessionHeaders(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError(0, GENERIC);
  }
  const text = await res.text();
  if (!res.ok) throw refused(res.status, text);
  return JSON.parse(text) as T;
}

const checkPath = (id: string): string => `/api/checks/${encodeURIComponent(id)}`;

/**
 * Opens the page's session before it shows anything: the one-time link's token (`/?t=TOKEN`), when the address
 * has one, leaves the address bar and is exchanged once for the session's secret, which the page keeps
 * (session-secret.ts); then the server is asked whether the secret it holds (just given, or kept from an earlier
 * visit: a reload, a second tab) opens the workspace. Refused, it throws the server's Spanish words; a secret kept
 * from an earlier visit and refused throws SessionLost: the page knows it had a session (the server says nothing of
 * which secrets it ever gave), so serve was started again since, and the page says so as it does when that happens
 * while it is open.
 */
export async function openSession(): Promise<void> {
  const token = new URLSearchParams(location.search).get('t');
  const kept = token === null && Object.keys(sessionHeaders()).length > 0;
  if (token !== null) {
    history.replaceState(history.state, '', `${location.pathname}${location.hash}`);
    let res: Response;
    try {
      res = await fetch(SESSION_PATH, { method: 'POST', credentials: 'omit', headers: { [LINK_HEADER]: token } });
    } catch {
      throw new ApiError(0, GENERIC);
    }
    const text = await res.text();
    if (!res.ok) throw new ApiError(res.status, messageOf(res.status, text));
    keepSessionSecret((JSON.parse(text) as SessionAnswer).secret);
  }
  try {
    await request('GET', SESSION_PATH);
  } catch (err) {
    throw kept && err instanceof ApiError && err.status === 401 ? new SessionLost() : err;
  }
}

/**
 * Downloads one of the check's files. A plain link could not carry the session's header: the file is fetched
 * with it and saved from memory under the name the server gives (Content-Disposition).
 */
export async function download(path: string, fallbackName: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(path, { credentials: 'omit', headers: sessionHeaders() });
  } catch {
    throw new ApiError(0, GENERIC);
  }
  if (!res.ok) throw refused(res.status, await res.text());
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = attachmentName(res.headers.get('content-disposition'), fallbackName);
  link.click();
  // The browser has taken the file once the click is handled; the memory is let go a while after.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Each `data:` of a server-sent events text, once the blank line that ends it has come; the rest is kept for the next chunk. */
function eventsOf(buffer: string): { data: string[]; rest: string } {
  const blocks = buffer.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? '';
  const data = blocks.map((b) =>
    b
      .split(/\r?\n/)
      .filter((l) => l.startsWith('data:'))
      .map((l) => l.slice(5).replace(/^ /, ''))
      .join('\n'),
  );
  return { data: data.filter((d) => d !== ''), rest };
}

/** Uploads the sheet (XMLHttpRequest: fetch cannot report upload progress); `onProgress` gets 0..1. */
export function uploadSheet(file: File, onProgress: (share: number) => void): Promise<SheetPreview> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/uploads');
    for (const [name, value] of Object.entries(sessionHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(JSON.parse(xhr.responseText) as SheetPreview);
      else reject(refused(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(new ApiError(0, GENERIC));
    const form = new FormData();
    form.append('hoja', file, file.name);
    xhr.send(form);
  });
}

export const api = {
  runCheck: (id: string, body: RunCheckBody): Promise<CheckView> => request('POST', `${checkPath(id)}/run`, body),
  check: (id: string): Promise<CheckView> => request('GET', checkPath(id)),
  preview: (id: string): Promise<SheetPreview> => request('GET', `${checkPath(id)}/preview`),
  chooseSheet: (id: string, body: SheetChoiceBody): Promise<SheetPreview> => request('POST', `${checkPath(id)}/sheet`, body),
  history: (): Promise<CheckView[]> => request('GET', '/api/checks'),
  forgetCheck: (id: string): Promise<ForgetAnswer> => request('POST', `${checkPath(id)}/forget`),
  problemGroups: (id: string): Promise<ProblemGroup[]> => request('GET', `${checkPath(id)}/problems`),
  problemItems: (id: string, g: Pick<ProblemGroup, 'code' | 'severity' | 'column'>): Promise<ProblemItem[]> =>
    request('GET', `${checkPath(id)}/problems/items?${new URLSearchParams({ code: g.code, severity: g.severity, column: g.column }).toString()}`),
  rows: (id: string, q: { page?: number; row?: number; errorsOnly: boolean }): Promise<GridPage> => {
    const params = new URLSearchParams({ errors: q.errorsOnly ? '1' : '0' });
    if (q.page !== undefined) params.set('page', String(q.page));
    if (q.row !== undefined) params.set('row', String(q.row));
    return request('GET', `${checkPath(id)}/rows?${params.toString()}`);
  },
  editCell: (id: string, body: CellEditBody): Promise<EditAnswer> => request('POST', `${checkPath(id)}/edits`, body),
  replaceInColumn: (id: string, body: ReplaceBody): Promise<EditAnswer> => request('POST', `${checkPath(id)}/edits/replace`, body),
  undoEdit: (id: string): Promise<EditAnswer> => request('POST', `${checkPath(id)}/edits/undo`),
  service: (): Promise<ServiceView> => request('GET', '/api/service'),
  submit: (id: string, body: SubmitBody): Promise<CheckView> => request('POST', `${checkPath(id)}/submit`, body),
  sendPlan: (id: string): Promise<SendPlan> => request('GET', `${checkPath(id)}/issuers`),
  /** The login of one issuer, held by the server in memory only; the page keeps no copy. */
  giveCredentials: (body: CredentialsBody): Promise<CredentialsAnswer> => request('POST', '/api/credentials', body),
  submissions: (): Promise<SubmissionView[]> => request('GET', '/api/submissions'),
  valueMaps: (): Promise<ValueMapView[]> => request('GET', '/api/value-maps'),
  rememberValueMap: (body: RememberValueMapBody): Promise<ValueMapView[]> => request('POST', '/api/value-maps', body),
  forgetValueMap: (id: number): Promise<ValueMapView[]> => request('POST', `/api/value-maps/${id}/forget`),
  appliedValueMaps: (id: string): Promise<AppliedValueMaps> => request('GET', `${checkPath(id)}/value-maps`),
  stop: (id: string): Promise<{ stopping: boolean }> => request('POST', `${checkPath(id)}/stop`),
  correctedSheetPath: (id: string): string => `${checkPath(id)}/hoja-corregida`,
  downloadPath: (id: string, kind: 'resultados' | 'corregir'): string => `${checkPath(id)}/download/${kind}`,
  mappingPath: (id: string): string => `${checkPath(id)}/mapping`,
  /**
   * Live progress of a check; returns the function that stops listening. Read with fetch, not EventSource, which
   * cannot send the session's header. A cut stream is followed again, as EventSource would, while the server answers;
   * a server that no longer answers (closed, killed) is said so instead of showing the last count.
   */
  watch(id: string, onEvent: (e: CheckProgress) => void): () => void {
    const stop = new AbortController();
    let ended = false;
    const end = (e: CheckProgress): void => {
      if (ended) return;
      ended = true;
      stop.abort();
      onEvent(e);
    };
    const follow = async (): Promise<void> => {
      const res = await fetch(`${checkPath(id)}/events`, { credentials: 'omit', headers: sessionHeaders(), signal: stop.signal, cache: 'no-store' });
      if (!res.ok || res.body === null) return end({ type: 'failed', message: refused(res.status, await res.text()).message });
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done || ended) return;
        const { data, rest } = eventsOf(buffer + value);
        buffer = rest;
        for (const d of data) {
          const e = JSON.parse(d) as CheckProgress;
          if (e.type !== 'progress') return end(e);
          if (!ended) onEvent(e);
        }
      }
    };
    const again = async (): Promise<void> => {
      while (!ended) {
        await follow().catch(() => undefined);
        if (ended) return;
        // The stream was cut before the check's end: whether the server is still there is asked once.
        try {
          await request('GET', checkPath(id));
        } catch (err) {
          if (err instanceof ApiError && err.status === 0) return end({ type: 'failed', message: GENERIC });
        }
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    };
    void again();
    return () => {
      ended = true;
      stop.abort();
    };
  },
};
