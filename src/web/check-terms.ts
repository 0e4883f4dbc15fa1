import type { UserTerms } from '../index.js';

/**
 * The terms a check's texts reach its user in: the workspace's wording (what to do on the page, not
 * a flag), and the upload named as they uploaded it, not by the path it is stored under.
 */
export function checkTerms(check: { readonly storedPath: string; readonly fileName: string }): UserTerms {
  return { wording: 'workspace', path: check.storedPath, fileName: check.fileName };
}
