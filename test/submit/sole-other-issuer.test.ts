import { describe, expect, it } from 'vitest';
import { soleOtherIssuer } from '../../src/submit/sole-other-issuer.js';

describe('soleOtherIssuer', () => {
  it("names the journal's one issuer when it is not the run's", () => {
    expect(soleOtherIssuer(new Set(['20100070970']), '20512333797')).toBe('20100070970');
  });

  it('names none when the one issuer is the run’s own, or the journal has none or several', () => {
    expect(soleOtherIssuer(new Set(['20512333797']), '20512333797')).toBeUndefined();
    expect(soleOtherIssuer(new Set(), '20512333797')).toBeUndefined();
    expect(soleOtherIssuer(new Set(['20100070970', '20601234567']), '20512333797')).toBeUndefined();
  });
});
