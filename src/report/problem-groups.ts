import type { Problem } from '../invoice/problem.js';

/** Problems of one kind in one column: how many invoices, which rows first, one example. */
export interface ProblemGroup {
  readonly severity: 'error' | 'warning';
  readonly code: string;
  /** Canonical column (or raw header) the problems point at; absent for file-level ones. */
  readonly column?: string;
  /** Invoices with this problem: 0 for notes about the sheet and problems of rows of no invoice. */
  readonly invoices: number;
  /** Problems in the group (an invoice may have the same one on several rows). */
  readonly occurrences: number;
  /** The first rows, in the sheet's order (at most GROUP_ROWS). */
  readonly rows: readonly number[];
  /** The first problem of the group, as an example of its message. */
  readonly example: Problem;
  /** The first distinct values the group's problems read (Problem.value; at most GROUP_VALUES): the example's is one of them. */
  readonly values: readonly string[];
  /** Some of its problems read another value than those kept. */
  readonly moreValues: boolean;
}

export interface ProblemGroups {
  /**
   * The problems of one invoice, counted once per group; with `ofInvoice` false, problems of no
   * invoice (the sheet's notes, rows of no invoice), counted as occurrences only.
   */
  add(problems: readonly Problem[], ofInvoice?: boolean): void;
  /** Errors first, then by invoices (most first), then by first row. */
  result(): readonly ProblemGroup[];
}

/** Rows kept per group: enough to find the first cases; the results workbook has every row. */
export const GROUP_ROWS = 5;

/** Distinct values kept per group: a handful, to show that the example is one case among others; the workbook has every one. */
export const GROUP_VALUES = 5;

interface Tally {
  severity: 'error' | 'warning';
  code: string;
  column?: string;
  invoices: number;
  occurrences: number;
  rows: number[];
  example: Problem;
  values: string[];
  moreValues: boolean;
  lastBatch: number;
}

/** A group's key: the kind of problem and the column it is in. */
const groupKey = (p: Problem): string => `${p.severity}\u0000${p.code}\u0000${p.column ?? ''}`;

/**
 * Groups a run's problems by kind and column, so a systematic error reads once with its count
 * ("RUC del cliente: 37 facturas, filas 12, 18, 25…") instead of 37 times. Memory is one small
 * record per kind of problem (its first rows and values, a handful each), whatever the size of the sheet.
 */
export function createProblemGroups(): ProblemGroups {
  const groups = new Map<string, Tally>();
  let batch = 0;
  // A systematic error repeats its group invoice after invoice: the last group is tried first,
  // before a key is built and looked up.
  let last: Tally | undefined;
  return {
    add(problems, ofInvoice = true) {
      batch += 1;
      for (const p of problems) {
        let g = last !== undefined && last.code === p.code && last.severity === p.severity && last.column === p.column ? last : undefined;
        if (g === undefined) {
          const key = groupKey(p);
          g = groups.get(key);
          if (g === undefined) {
            g = {
              severity: p.severity,
              code: p.code,
              ...(p.column !== undefined ? { column: p.column } : {}),
              invoices: 0,
              occurrences: 0,
              rows: [],
              example: p,
              values: [],
              moreValues: false,
              lastBatch: 0,
            };
            groups.set(key, g);
          }
        }
        last = g;
        g.occurrences += 1;
        if (ofInvoice && g.lastBatch !== batch) {
          g.lastBatch = batch;
          g.invoices += 1;
        }
        if (p.row !== undefined && g.rows.length < GROUP_ROWS && !g.rows.includes(p.row)) g.rows.push(p.row);
        if (p.value !== undefined && p.value !== '' && !g.moreValues && !g.values.includes(p.value)) {
          if (g.values.length < GROUP_VALUES) g.values.push(p.value);
          else g.moreValues = true;
        }
      }
    },
    result() {
      return [...groups.values()]
        .sort(
          (a, b) =>
            (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1) ||
            b.invoices - a.invoices ||
            (a.rows[0] ?? Number.MAX_SAFE_INTEGER) - (b.rows[0] ?? Number.MAX_SAFE_INTEGER),
        )
        .map(({ lastBatch: _lastBatch, ...g }) => g);
    },
  };
}
