import type { Lang } from '../i18n/localized-text.js';
import { localized } from '../i18n/localized-text.js';
import { shownCount } from '../i18n/shown-count.js';
import { shownInstant } from '../i18n/shown-instant.js';
import type { RetryWait } from './submission.js';

/** Which invoice an outcome or a wait is about. */
export interface InvoiceRef {
  readonly serie: string;
  readonly numero: string;
  readonly emisorRuc?: string;
}

const refKey = (i: InvoiceRef): string => `${i.emisorRuc ?? ''}-${i.serie}-${i.numero}`;

/**
 * What a person reads while the count stands still for an invoice waiting for a retry: «F001-7
 * espera el intento 2 de 5 hasta las 09:05:12: el servicio no estaba disponible (HTTP 503)», with how
 * many wait when it is more than one. The time is Lima's, as every time the tool shows.
 */
export function retryWaitText(latest: RetryWait, waiting: number, lang: Lang): string {
  const time = shownInstant(new Date(latest.until).toISOString()).split(' ')[1] ?? '';
  const one = localized(
    `${latest.serie}-${latest.numero} espera el intento ${latest.attempt} de ${latest.maxAttempts} hasta las ${time}: ${latest.reason.es}`,
    `${latest.serie}-${latest.numero} waits for attempt ${latest.attempt} of ${latest.maxAttempts} until ${time}: ${latest.reason.en}`,
  )[lang];
  if (waiting <= 1) return one;
  return localized(`${shownCount(waiting, 'es')} facturas esperan un reintento; ${one}`, `${shownCount(waiting, 'en')} invoices wait for a retry; ${one}`)[
    lang
  ];
}

/**
 * The invoices of a submission waiting for a retry, as a progress display follows them (the
 * terminal's bar, the workspace's page): each `retry-wait` event adds one, its `invoice` event
 * (its outcome) takes it away; what to say is about the last wait told, and how many wait.
 */
export class RetryWaits {
  readonly #waiting = new Map<string, RetryWait>();
  #latest: RetryWait | undefined;

  /** An invoice waits (again). */
  wait(wait: RetryWait): void {
    this.#waiting.set(refKey(wait), wait);
    this.#latest = wait;
  }

  /** An invoice's outcome came: it waits no more. True when it was waiting. */
  settled(invoice: InvoiceRef): boolean {
    return this.#waiting.delete(refKey(invoice));
  }

  get size(): number {
    return this.#waiting.size;
  }

  /** What to say now; undefined when none waits. */
  text(lang: Lang): string | undefined {
    return this.#latest === undefined || this.#waiting.size === 0 ? undefined : retryWaitText(this.#latest, this.#waiting.size, lang);
  }
}
