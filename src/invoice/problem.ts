import type { LocalizedText } from '../i18n/localized-text.js';
import type { ProblemCode } from './problem-code.js';

/**
 * One thing a user must know about their sheet: where (row, column), what was read, and why it is
 * wrong, in words a finance user understands. Errors block the invoice; warnings do not.
 */
export interface Problem {
  readonly severity: 'error' | 'warning';
  /** Stable machine code, e.g. `RUC_CHECK_DIGIT`, `MISSING_VALUE`, `RAGGED_ROW`: one of problem-code.ts. */
  readonly code: ProblemCode;
  /** 1-based source row as a spreadsheet shows it; absent for file-level problems. */
  readonly row?: number;
  /** Canonical column name (see canonical-columns.ts), or a raw header text for unknown columns. */
  readonly column?: string;
  /** The value as read, for the user to recognise it. */
  readonly value?: string;
  readonly message: LocalizedText;
}

export function hasErrors(problems: readonly Problem[]): boolean {
  return problems.some((p) => p.severity === 'error');
}
