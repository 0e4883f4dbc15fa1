import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';
import type { ValueNames } from '../value-names.js';
import { OPTION_NAMES } from '../value-names.js';

/** Which address of the service: the login's or the invoices'. */
const WHICH = {
  authUrl: { es: 'de inicio de sesión', en: 'login' },
  baseUrl: { es: 'de envío de comprobantes', en: 'invoice' },
} as const;

/**
 * An address of the service as given (environment, options): a whole http(s) address, else a
 * FacturaError('CONFIG') in words before anything is sent, naming where it was given as the caller
 * names it (`names`: the option, the environment variable). «127.0.0.1:9/auth» reached undici as a
 * TypeError («Invalid URL»), told as an unexpected internal error.
 */
export function checkServiceUrl(text: string, which: keyof typeof WHICH, names: Pick<ValueNames, keyof typeof WHICH> = OPTION_NAMES): void {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (url !== undefined && (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '') return;
  const w = WHICH[which];
  throw new FacturaError(
    'CONFIG',
    localized(
      `La dirección ${w.es} del servicio «${text}» (${names[which]}) no es válida: escriba la dirección completa, que empieza con https:// (o http:// para el simulador en 127.0.0.1).`,
      `The service's ${w.en} address «${text}» (${names[which]}) is not valid: write the whole address, starting with https:// (or http:// for the simulator on 127.0.0.1).`,
    ),
  );
}
