import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../src/sandbox/sandbox-account.js';
import { createTokenAuthority } from '../../src/sandbox/token-authority.js';

const SECRET = new TextEncoder().encode('sandbox-secret-for-token-tests-0123456789');
const bearer = (token: string): string => `Bearer ${token}`;

describe('the sandbox token authority', () => {
  it('accepts its own token until it expires, then refuses it, also once a later login let it go', async () => {
    let now = Date.UTC(2026, 10, 26, 12, 0, 0);
    const authority = createTokenAuthority(SECRET, () => now);
    const first = await authority.issue(DEMO_ACCOUNT, false, 60_000);
    expect(await authority.check(bearer(first.svcToken))).toEqual({ ok: true, ruc: DEMO_ACCOUNT.ruc });
    now = first.expiresAtMs; // exp <= now: expired, jose's rule
    expect(await authority.check(bearer(first.svcToken))).toEqual({ ok: false, reason: 'expired' });
    // A new login drops the expired token from what the authority remembers: checked again, it
    // goes through the signature check, which finds it expired just the same.
    const second = await authority.issue(DEMO_ACCOUNT, false, 60_000);
    expect(await authority.check(bearer(first.svcToken))).toEqual({ ok: false, reason: 'expired' });
    expect(await authority.check(bearer(second.svcToken))).toEqual({ ok: true, ruc: DEMO_ACCOUNT.ruc });
  });

  it('refuses a revoked token, and an altered one as invalid', async () => {
    const now = Date.UTC(2026, 10, 26, 12, 0, 0);
    const authority = createTokenAuthority(SECRET, () => now);
    const issued = await authority.issue(DEMO_ACCOUNT, false, 60_000);
    const [head, payload, signature] = issued.svcToken.split('.');
    const sig = signature ?? '';
    const altered = `${head}.${payload}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    expect(await authority.check(bearer(altered))).toEqual({ ok: false, reason: 'invalid' });
    authority.revokeAll();
    expect(await authority.check(bearer(issued.svcToken))).toEqual({ ok: false, reason: 'revoked' });
  });
});
