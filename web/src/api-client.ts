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
} from '../../src/web/workspace-api.js';

export type {
  CredentialsAnswer,
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
  ) {
    super(message);
  }
}

/** What the page says of a failure: an ApiError's own words (the server's Spanish message), else the error as text. */
export const shownError = (err: unknown): string => (err instanceof ApiError ? err.message : String(err));

const GENERIC = 'No se pudo comunicar con el espacio de trabajo. ¿Sigue abierta la terminal con «factura-import serve»?';

function messageOf(status: number, text: string): string {
  try {
    const body = JSON.parse(text) as Partial<ErrorBody>;
    if (typeof body.error === 'string') return body.error;
  } catch {
    // not JSON
  }
  return status === 0 ? GENERIC : `${GENERIC} (HTTP ${status})`;
}

async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError(0, GENERIC);
  }
  const text = await res.text();
  if (!res.ok) throw new ApiError(res.status, messageOf(res.status, text));
  return JSON.parse(text) as T;
}

const checkPath = (id: string): string => `/api/checks/${encodeURIComponent(id)}`;

/** Uploads the sheet (XMLHttpRequest: fetch cannot report upload progress); `onProgress` gets 0..1. */
export function uploadSheet(file: File, onProgress: (share: number) => void): Promise<SheetPreview> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/uploads');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(JSON.parse(xhr.responseText) as SheetPreview);
      else reject(new ApiError(xhr.status, messageOf(xhr.status, xhr.responseText)));
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
  correctedSheetUrl: (id: string): string => `${checkPath(id)}/hoja-corregida`,
  downloadUrl: (id: string, kind: 'resultados' | 'corregir'): string => `${checkPath(id)}/download/${kind}`,
  mappingUrl: (id: string): string => `${checkPath(id)}/mapping`,
  /** Live progress of a check; returns the function that stops listening. */
  watch(id: string, onEvent: (e: CheckProgress) => void): () => void {
    const source = new EventSource(`${checkPath(id)}/events`);
    let ended = false;
    source.onmessage = (m: MessageEvent<string>) => {
      if (ended) return;
      const e = JSON.parse(m.data) as CheckProgress;
      if (e.type !== 'progress') {
        ended = true;
        source.close();
      }
      onEvent(e);
    };
    const lost = (): void => {
      if (ended) return;
      ended = true;
      source.close();
      onEvent({ type: 'failed', message: GENERIC });
    };
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) return lost();
      // The browser tries the stream again by itself, for ever: whether the server is still there is asked
      // once, so a page whose server stopped (closed, killed) says so instead of showing the last count.
      request('GET', checkPath(id)).catch((err: unknown) => {
        if (err instanceof ApiError && err.status === 0) lost();
      });
    };
    return () => {
      ended = true;
      source.close();
    };
  },
};
