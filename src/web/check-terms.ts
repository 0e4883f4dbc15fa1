import type { UserTerms } from '../index.js';

/**
 * The terms a check's texts reach its user in: the upload named as they uploaded it, not by the path
 * it is stored under. (What to do on the page, not a flag, the library writes so itself: every library
 * call of the workspace passes `wording: 'workspace'`.)
 */
export function checkTerms(check: { readonly storedPath: string; readonly fileName: string }): UserTerms {
  return { path: check.storedPath, fileName: check.fileName };
}
