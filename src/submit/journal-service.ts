/** What the built-in sandbox is called in a journal: its address changes at every start. */
export const SANDBOX_SERVICE = 'sandbox';

/**
 * The service a run sends to, as its journal names it: `named` when the caller names it (the
 * built-in sandbox, SANDBOX_SERVICE), else the invoice host's address without a trailing slash (so
 * `https://api.example.pe/v1/` and `…/v1` are one service). An invoice accepted by one service is
 * not issued at another: a trial on the sandbox must not make the real submission skip it.
 */
export function journalService(baseUrl: string, named?: string): string {
  if (named !== undefined && named.trim() !== '') return named.trim();
  try {
    const url = new URL(baseUrl);
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return baseUrl.trim().replace(/\/+$/, '');
  }
}
