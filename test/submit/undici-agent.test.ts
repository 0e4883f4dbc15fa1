import { Agent } from 'undici';
import { describe, expect, it } from 'vitest';
import { UndiciAgent } from '../../src/submit/undici-agent.js';

describe("undici's Agent loaded from its own module", () => {
  it('is the class undici exports: an undici update that moves it fails here, not in a run', () => {
    expect(UndiciAgent).toBe(Agent);
  });
});
