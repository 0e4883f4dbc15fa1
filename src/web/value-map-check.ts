import type { ImportEvent } from '../index.js';
import { validateSheet } from '../index.js';
import type { CheckProgressHub } from './check-progress-hub.js';
import type { CheckDeps, ValidateSheet } from './run-check.js';
import { runCheck } from './run-check.js';
import type { CheckProgress } from './workspace-api.js';
import type { WorkspaceStore } from './workspace-store.js';

/**
 * The library call with one more listener: the `sheet` event's header tells where each canonical
 * column sits, which the store keeps for the check (value maps and their offers name columns by
 * their canonical name, whatever the sheet's header says).
 */
export function recordingColumns(store: WorkspaceStore, checkId: string, library: ValidateSheet): ValidateSheet {
  return (path, options) =>
    library(path, {
      ...options,
      onEvent: (e: ImportEvent) => {
        if (e.type === 'sheet') {
          const columns: Record<string, number> = {};
          for (const [name, c] of Object.entries(e.header.columns)) if (c !== undefined) columns[name] = c.index;
          store.setCheckColumns(checkId, columns);
        }
        options.onEvent?.(e);
      },
    });
}

/** The same hub, except that it keeps `done` back: the check is not over while the value maps may still apply. */
function holdingDone(hub: CheckProgressHub): { hub: CheckProgressHub; done: () => CheckProgress | undefined } {
  let held: CheckProgress | undefined;
  return {
    hub: {
      publish: (id, e) => (e.type === 'done' ? void (held = e) : hub.publish(id, e)),
      subscribe: (id, l) => hub.subscribe(id, l),
    },
    done: () => held,
  };
}

/**
 * A check (first run or «Revalidar») that records the sheet's columns and, the first time the
 * sheet is checked, applies the value maps remembered for its issuers as edits of the overlay (one
 * batch per map, undone like any change) and checks again with them, before the page is told the
 * check is done. Later runs never apply them again: what the user undid stays undone.
 */
export async function runCheckWithValueMaps(
  deps: CheckDeps,
  checkId: string,
  mapping: Readonly<Record<string, string>> | undefined,
  defaultRuc: () => string | undefined,
): Promise<void> {
  const { store } = deps;
  const library = recordingColumns(store, checkId, deps.validate ?? validateSheet);
  const first = store.valueMapsApplied(checkId) === undefined && store.listValueMaps().length > 0;
  if (!first) {
    await runCheck(deps, checkId, mapping, library);
    if (store.getCheck(checkId)?.state === 'done' && store.valueMapsApplied(checkId) === undefined) store.applyValueMaps(checkId, undefined, '');
    return;
  }
  const holding = holdingDone(deps.hub);
  await runCheck({ ...deps, hub: holding.hub }, checkId, mapping, library);
  const done = holding.done();
  if (done === undefined) return;
  // Synchronous from here to the second run's start: no request sees the first run's result as final.
  const changed = store.applyValueMaps(checkId, defaultRuc(), new Date().toISOString());
  if (changed === 0) deps.hub.publish(checkId, done);
  else await runCheck(deps, checkId, mapping, library);
}
