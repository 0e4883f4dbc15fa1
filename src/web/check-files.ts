import { stat } from 'node:fs/promises';
import type { RunSummary } from '../index.js';
import { NEEDS_FIX_STATUSES, validateSheet } from '../index.js';
import { checkRunOptions } from './check-run-options.js';
import type { JournalReadDeps } from './journal-read-options.js';
import { journalReadOptions } from './journal-read-options.js';
import { overlayOf } from './check-overlay.js';
import type { ValidateSheet } from './run-check.js';
import type { StoredPreview } from './sheet-preview-view.js';
import type { CheckRecord, WorkspaceStore } from './workspace-store.js';

export type CheckFileKind = 'resultados' | 'corregir';

/** What a download finds: the file, none for this check, or a check whose edits changed since it ran. */
export type CheckFileAnswer = { readonly kind: 'file'; readonly path: string; readonly size: number } | { readonly kind: 'none' } | { readonly kind: 'stale' };

export interface CheckFiles {
  /**
   * The check's workbook of that kind. A check (or «Revalidar») writes none: they are written here
   * at the first download, by the same library call over the same sheet and edits, so they are the
   * CLI's own. `stale` when the edits changed since the check (the files would not be its).
   */
  fileOf(checkId: string, kind: CheckFileKind): Promise<CheckFileAnswer>;
  /** Resolves when no workbook of the check is being written (a submission writes the same files). */
  settled(checkId: string): Promise<void>;
}

/** The library's summary as stored (JSON); read defensively. */
type StoredSummary = Partial<Pick<RunSummary, 'byStatus' | 'orphanRows'>>;

/** Pure: whether the check's run would write the fix-and-resend sheet (rows of invoices to fix, or rows of no invoice). */
export function needsFixFile(summary: unknown): boolean {
  const s = (summary ?? {}) as StoredSummary;
  return (s.orphanRows ?? 0) > 0 || NEEDS_FIX_STATUSES.some((status) => (s.byStatus?.[status] ?? 0) > 0);
}

/** Pure: the workbooks a check offers: those written, or (a finished check that wrote none) those its first download writes. */
export function offeredFiles(c: CheckRecord): { readonly results: boolean; readonly fix: boolean } {
  if (c.resultsPath !== undefined) return { results: true, fix: c.fixPath !== undefined };
  const deferred = c.state === 'done' && c.summary !== undefined;
  return { results: deferred, fix: deferred && needsFixFile(c.summary) };
}

export function createCheckFiles(deps: { readonly store: WorkspaceStore; readonly validate?: ValidateSheet } & JournalReadDeps): CheckFiles {
  const { store } = deps;
  const library = deps.validate ?? validateSheet;
  const writing = new Map<string, Promise<void>>();

  const write = async (check: CheckRecord): Promise<void> => {
    // The edits read now, at the version the check ran with (the caller saw no edit since).
    const read = checkRunOptions(check, (check.preview as StoredPreview | undefined)?.mapping, overlayOf(store, check.id));
    const summary = (await library(check.storedPath, { ...read, ...journalReadOptions(deps) })) as Partial<RunSummary> | undefined;
    const paths = summary?.paths;
    store.setCheckFiles(check.id, check.checkedVersion, {
      ...(paths?.results !== undefined ? { resultsPath: paths.results } : {}),
      ...(paths?.fixAndResend !== undefined ? { fixPath: paths.fixAndResend } : {}),
    });
  };

  return {
    async fileOf(checkId, kind) {
      let check = store.getCheck(checkId);
      if (check === undefined) return { kind: 'none' };
      if (check.resultsPath === undefined) {
        if (check.state !== 'done' || check.summary === undefined) return { kind: 'none' };
        if (check.editsVersion !== check.checkedVersion) return { kind: 'stale' };
        let pending = writing.get(checkId);
        if (pending === undefined) {
          pending = write(check).finally(() => writing.delete(checkId));
          writing.set(checkId, pending);
        }
        await pending;
        check = store.getCheck(checkId);
      }
      const path = kind === 'corregir' ? check?.fixPath : check?.resultsPath;
      const info = path === undefined ? undefined : await stat(path).catch(() => undefined);
      return path === undefined || info === undefined ? { kind: 'none' } : { kind: 'file', path, size: info.size };
    },
    async settled(checkId) {
      await writing.get(checkId)?.catch(() => undefined);
    },
  };
}
