import type { ServiceAnswer } from '../invoice/invoice-outcome.js';

/**
 * Why one login request did not produce a token. Thrown by the API client's `login`, read by the
 * token manager, which decides what ends the run. Never carries the password or a token.
 *  - `auth`: the service refused the credentials (401);
 *  - `retryable`: 5xx, 429 or a network failure; trying again later may work;
 *  - `refused`: any other answer (another 4xx, a 2xx without a token), trying again will not help.
 */
export type LoginFailureKind = 'auth' | 'retryable' | 'refused';

export class LoginFailure extends Error {
  override readonly name = 'LoginFailure';
  readonly kind: LoginFailureKind;
  readonly answer: ServiceAnswer | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(kind: LoginFailureKind, message: string, options: { answer?: ServiceAnswer; retryAfterMs?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.answer = options.answer;
    this.retryAfterMs = options.retryAfterMs;
  }
}
