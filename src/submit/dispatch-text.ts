import type { Dispatcher } from 'undici';
import type { HttpAnswer } from './classify-response.js';

export interface TextRequest {
  readonly origin: string;
  /** Path and query. */
  readonly path: string;
  readonly method: Dispatcher.HttpMethod;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * One request through an undici Dispatcher (its `dispatch` handler API), answered as status,
 * headers and the whole body as text: what the invoice endpoint's small JSON answers need, without
 * undici's `request()` wrapping each answer in a body stream that is then read to its end (a
 * Readable, its events and a consumer per request: ≈ 40% of the client's CPU per request,
 * measured against the sandbox). Rejects with undici's error on a network failure or a timeout,
 * and with `signal`'s reason once it aborts the request.
 */
export function dispatchText(dispatcher: Dispatcher, request: TextRequest, signal?: AbortSignal): Promise<HttpAnswer> {
  return new Promise<HttpAnswer>((resolve, reject) => {
    let status = 0;
    let headers: HttpAnswer['headers'] = {};
    let chunks: Buffer[] = [];
    let unlisten: (() => void) | undefined;
    const stopListening = (): void => {
      unlisten?.();
      unlisten = undefined;
    };
    dispatcher.dispatch(
      { origin: request.origin, path: request.path, method: request.method, headers: request.headers, body: request.body },
      {
        onRequestStart(controller) {
          // Called again if undici retries the request on another connection: one listener at a time.
          stopListening();
          if (signal === undefined) return;
          if (signal.aborted) {
            controller.abort(signal.reason as Error);
            return;
          }
          const onAbort = (): void => controller.abort(signal.reason as Error);
          signal.addEventListener('abort', onAbort, { once: true });
          unlisten = () => signal.removeEventListener('abort', onAbort);
        },
        onResponseStart(_controller, statusCode, responseHeaders) {
          // A 1xx comes before the final answer: only the last status and body count.
          status = statusCode;
          headers = responseHeaders;
          chunks = [];
        },
        onResponseData(_controller, chunk) {
          chunks.push(chunk);
        },
        onResponseEnd() {
          stopListening();
          resolve({ status, headers, bodyText: Buffer.concat(chunks).toString('utf8') });
        },
        onResponseError(_controller, error) {
          stopListening();
          reject(error);
        },
      },
    );
  });
}
