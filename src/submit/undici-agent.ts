import { createRequire } from 'node:module';
import type { Agent } from 'undici';

const requireUndici = createRequire(import.meta.url);

/**
 * undici's Agent, loaded from its own module rather than through undici's index, which also loads
 * fetch, WebSocket, the caches, the mock agents and the rest (≈ 0.12 s of CPU at every submit's
 * start for nothing: requests go through `dispatch`, src/submit/dispatch-text.ts). It is the very
 * class the index exports (test/submit/undici-agent.test.ts), so a dispatcher made from 'undici'
 * and this one are the same kind.
 */
export const UndiciAgent = requireUndici('undici/lib/dispatcher/agent.js') as typeof Agent;
