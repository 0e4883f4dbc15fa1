import { jwtVerify, SignJWT } from 'jose';
import type { SandboxAccount } from './sandbox-account.js';

/** A token as the login answers it. */
export interface IssuedToken {
  readonly svcToken: string;
  /** The exact expiry instant (whole seconds, as the JWT's `exp`), in epoch milliseconds. */
  readonly expiresAtMs: number;
  /** Whether this login got back a token issued earlier (test-account renewal rule). */
  readonly reused: boolean;
}

export type TokenCheck = { readonly ok: true; readonly ruc: string } | { readonly ok: false; readonly reason: 'missing' | 'invalid' | 'expired' | 'revoked' };

export interface TokenAuthority {
  issue(account: SandboxAccount, testAccount: boolean, lifetimeMs: number): Promise<IssuedToken>;
  check(authorization: string | undefined): Promise<TokenCheck>;
  /** Every token issued so far is refused from now on (and none is handed out again). */
  revokeAll(): void;
}

const ONE_HOUR_MS = 60 * 60 * 1000;
const ISSUER = 'factura-import-sandbox';

interface Remembered {
  readonly token: IssuedToken;
  readonly issuedAtMs: number;
  readonly generation: number;
}

/** The claims `check` reads of a token this authority signed (what jwtVerify would give back for it). */
interface Signed {
  readonly ruc: string;
  readonly gen: number;
  /** The JWT's `exp`, in whole seconds. */
  readonly exp: number;
}

/**
 * Issues and checks the sandbox's HS256 JWTs (with `jose`). A token carries the account's RUC, its
 * expiry and a revocation generation; `revokeAll` moves the generation on.
 *
 * A token this authority issued is known by its exact text, so checking it again needs no
 * signature verification (the same text under the same key verifies the same way every time):
 * only its expiry and generation are compared, with jose's own rule for `exp` (expired once
 * `exp <= now` in whole seconds), in jose's order (expiry before revocation). Any other text
 * (altered, forged, signed elsewhere with the same key) goes through `jwtVerify` as before. This
 * spares every invoice PUT a WebCrypto HMAC verification, a key import and a trip through the
 * thread pool (≈ 0.1 ms of CPU and one more wake-up per request at c=32).
 */
export function createTokenAuthority(secret: Uint8Array, clock: () => number): TokenAuthority {
  let generation = 0;
  let serial = 0;
  const lastIssued = new Map<string, Remembered>();
  /**
   * The tokens issued and not yet expired, by their text (one per login). An expired one is let go
   * at the next login, so a sandbox left running keeps only live tokens; checking it again goes
   * through jwtVerify, which finds it expired just the same.
   */
  const signed = new Map<string, Signed>();

  return {
    async issue(account, testAccount, lifetimeMs) {
      const now = clock();
      const previous = lastIssued.get(account.ruc);
      if (
        testAccount &&
        previous !== undefined &&
        previous.generation === generation &&
        now - previous.issuedAtMs < ONE_HOUR_MS &&
        now < previous.token.expiresAtMs
      ) {
        return { ...previous.token, reused: true };
      }
      const iat = Math.floor(now / 1000);
      // Rounded up: a token lives at least its lifetime (the JWT's exp is in whole seconds).
      const exp = Math.ceil((now + lifetimeMs) / 1000);
      serial += 1;
      const svcToken = await new SignJWT({ ruc: account.ruc, razonSocial: account.razonSocial, gen: generation })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setSubject(account.mail)
        .setJti(String(serial))
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(secret);
      const token: IssuedToken = { svcToken, expiresAtMs: exp * 1000, reused: false };
      for (const [text, known] of signed) if (known.exp <= iat) signed.delete(text);
      signed.set(svcToken, { ruc: account.ruc, gen: generation, exp });
      lastIssued.set(account.ruc, { token, issuedAtMs: now, generation });
      return token;
    },

    async check(authorization) {
      const match = authorization === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(authorization);
      const jwt = match?.[1];
      if (jwt === undefined) return { ok: false, reason: 'missing' };
      const known = signed.get(jwt);
      if (known !== undefined) {
        if (known.exp <= Math.floor(clock() / 1000)) return { ok: false, reason: 'expired' };
        return known.gen === generation ? { ok: true, ruc: known.ruc } : { ok: false, reason: 'revoked' };
      }
      try {
        const { payload } = await jwtVerify(jwt, secret, { algorithms: ['HS256'], issuer: ISSUER, currentDate: new Date(clock()) });
        if (payload['gen'] !== generation) return { ok: false, reason: 'revoked' };
        const ruc = payload['ruc'];
        return typeof ruc === 'string' ? { ok: true, ruc } : { ok: false, reason: 'invalid' };
      } catch (err) {
        return { ok: false, reason: (err as { code?: unknown }).code === 'ERR_JWT_EXPIRED' ? 'expired' : 'invalid' };
      }
    },

    revokeAll() {
      generation += 1;
      lastIssued.clear();
    },
  };
}
