import type { LocalizedText } from '../i18n/localized-text.js';
import { localized } from '../i18n/localized-text.js';

/** Network failures by what a person would call them; the code stays beside the words, for whoever helps. */
const NETWORK: readonly (readonly [readonly string[], LocalizedText])[] = [
  [['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE', 'UND_ERR_CLOSED'], localized('se cortó la conexión', 'the connection was cut')],
  [['ECONNREFUSED'], localized('el servicio no aceptó la conexión', 'the service refused the connection')],
  [
    ['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT', 'TimeoutError', 'AbortError'],
    localized('el servicio no respondió a tiempo', 'the service did not answer in time'),
  ],
  [['ENOTFOUND', 'EAI_AGAIN'], localized('no se encontró la dirección del servicio', 'the service’s address was not found')],
  [['EHOSTUNREACH', 'ENETUNREACH'], localized('no hay red hasta el servicio', 'there is no network to the service')],
];

const HTTP: Readonly<Record<number, LocalizedText>> = {
  408: localized('el servicio no esperó la solicitud', 'the service timed the request out'),
  429: localized('el servicio pidió esperar (demasiadas solicitudes)', 'the service asked to wait (too many requests)'),
  500: localized('error interno del servicio', 'the service’s internal error'),
  502: localized('el servicio no estaba disponible', 'the service was unavailable'),
  503: localized('el servicio no estaba disponible', 'the service was unavailable'),
  504: localized('el servicio no respondió a tiempo', 'the service did not answer in time'),
};

/**
 * Why a request will be tried again (classify-response.ts's `reason`: «HTTP 500», «UND_ERR_SOCKET»)
 * in words, with the code after them: «se cortó la conexión (UND_ERR_SOCKET)». An unknown code is
 * given as it is.
 */
export function reasonInWords(reason: string): LocalizedText {
  const status = /^HTTP (\d{3})$/.exec(reason)?.[1];
  const words =
    status !== undefined ? (HTTP[Number(status)] ?? (Number(status) >= 500 ? HTTP[500] : undefined)) : NETWORK.find(([codes]) => codes.includes(reason))?.[1];
  return words === undefined ? localized(reason, reason) : localized(`${words.es} (${reason})`, `${words.en} (${reason})`);
}
