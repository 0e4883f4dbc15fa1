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
 * What a person reads while the count stands still for an invoice waiting for a retry: «F001-7:
 * intento 2 de 5 a las 09:05:12 (el servicio no estaba disponible, HTTP 503)», with how many wait
 * when it is more than one. The time is Lima's, as every time the tool shows, with its date when
 * the wait runs past today (a Retry-After near midnight).
 */
export function retryWaitText(latest: RetryWait, waiting: number, lang: Lang, now: number = Date.now()): string {
  const [day, time] = shownInstant(new Date(latest.until).toISOString()).split(' ');
  const [today] = shownInstant(new Date(now).toISOString()).split(' ');
  const when =
    day === today ? localized(`a las ${time ?? ''}`, `at ${time ?? ''}`) : localized(`el ${day ?? ''} a las ${time ?? ''}`, `on ${day ?? ''} at ${time ?? ''}`);
  // «el servicio no estaba disponible (HTTP 503)» inside the parentheses: its own as a comma.
  const reason = (text: string): string => text.replace(/ \(([^()]*)\)$/u, ', $1');
  const one = localized(
    `${latest.serie}-${latest.numero}: intento ${latest.attempt} de ${latest.maxAttempts} ${when.es} (${reason(latest.reason.es)})`,
    `${latest.serie}-${latest.numero}: attempt ${latest.attempt} of ${latest.maxAttempts} ${when.en} (${reason(latest.reason.en)})`,
  )[lang];
  if (waiting <= 1) return one;
  return localized(`${shownCount(waiting, 'es')} facturas esperan un reintento; ${one}`, `${shownCount(waiting, 'en')} invoices wait for a retry; ${one}`)[
    lang
  ];
}

/**
 * The invoices of a submission waiting for a retry, as a progress display follows them (the
 * terminal's bar, the workspace's page): each `retry-wait` event adds one, its `invoice` event
 * (its outcome) takes it away; what to say is about the invoice whose wait was told last among
 * those still waiting, and how many wait.
 */
export class RetryWaits {
  /** By invoice, in the order their waits were last told (a new wait moves its invoice to the end). */
  readonly #waiting = new Map<string, RetryWait>();

  /** An invoice waits (again). */
  wait(wait: RetryWait): void {
    const key = refKey(wait);
    this.#waiting.delete(key);
    this.#waiting.set(key, wait);
  }

  /** An invoice's outcome came: it waits no more. True when it was waiting. */
  settled(invoice: InvoiceRef): boolean {
    return this.#waiting.delete(refKey(invoice));
  }

  get size(): number {
    return this.#waiting.size;
  }

  /** What to say now; undefined when none waits. */
  text(lang: Lang, now: number = Date.now()): string | undefined {
    let latest: RetryWait | undefined;
    for (const wait of this.#waiting.values()) latest = wait;
    return latest === undefined ? undefined : retryWaitText(latest, this.#waiting.size, lang, now);
  }
}
