import type { CheckProgress } from './workspace-api.js';

type ProgressListener = (event: CheckProgress) => void;

/** Live progress of the running checks, fanned out to every open event stream of each check. */
export interface CheckProgressHub {
  publish(checkId: string, event: CheckProgress): void;
  /** Calls `listener` with the latest event at once (if any), then with each new one; returns the unsubscribe. */
  subscribe(checkId: string, listener: ProgressListener): () => void;
}

export function createCheckProgressHub(): CheckProgressHub {
  const listeners = new Map<string, Set<ProgressListener>>();
  const latest = new Map<string, CheckProgress>();
  return {
    publish(checkId, event) {
      latest.set(checkId, event);
      for (const l of listeners.get(checkId) ?? []) l(event);
    },
    subscribe(checkId, listener) {
      const set = listeners.get(checkId) ?? new Set<ProgressListener>();
      listeners.set(checkId, set);
      set.add(listener);
      const last = latest.get(checkId);
      if (last !== undefined) listener(last);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(checkId);
      };
    },
  };
}
