import type { ErrorBody } from './workspace-api.js';

/** What was asked of a check that is busy: checking it (again, or with other columns) or sending it. */
export type BusyAsk = 'check' | 'submit';

/**
 * The refusal (409) of a check being sent (`sending`) or checked (`running`), from another tab or window say: each
 * with its code (ERROR_CODES), on which the page keeps what it shows and says why (busy-elsewhere.tsx), and words
 * for whoever reads the answer itself. Nothing ran for the call refused.
 */
export function busyRefusal(asked: BusyAsk, sending: boolean): ErrorBody {
  if (asked === 'check') {
    return sending
      ? { error: 'Esta hoja se está enviando: espere a que termine (o pulse «Detener») y vuelva a revisarla.', code: 'sending' }
      : { error: 'Esta hoja ya se está revisando.', code: 'running' };
  }
  return sending
    ? { error: 'Esta hoja ya se está enviando: espere a que termine ese envío. No se envió nada más.', code: 'sending' }
    : { error: 'Esta hoja se está revisando: espere a que termine la revisión y pulse «Enviar» de nuevo. No se envió nada.', code: 'running' };
}
