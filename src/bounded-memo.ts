/** Most answers a memo keeps: past this it forgets them all at once, instead of growing. */
export const MEMO_LIMIT = 4096;

/**
 * Answers by text, for the few texts a sheet repeats on every row (a currency, a unit, an issue
 * date…): each is worked out once. A sheet of all-different texts never grows it past MEMO_LIMIT
 * answers: then every answer is forgotten at once. An answer may be `undefined`.
 */
export interface BoundedMemo<V> {
  /** The answer remembered for `key`, else `compute(key)`, remembered. */
  lookup(key: string, compute: (key: string) => V): V;
  /** The answer remembered for `key`, if any (for answers remembered only sometimes, with `set`). */
  get(key: string): V | undefined;
  set(key: string, value: V): void;
}

export function createBoundedMemo<V>(): BoundedMemo<V> {
  const answers = new Map<string, V>();
  const set = (key: string, value: V): void => {
    if (answers.size >= MEMO_LIMIT) answers.clear();
    answers.set(key, value);
  };
  return {
    lookup(key, compute) {
      const known = answers.get(key);
      if (known !== undefined || answers.has(key)) return known as V;
      const answer = compute(key);
      set(key, answer);
      return answer;
    },
    get: (key) => answers.get(key),
    set,
  };
}
