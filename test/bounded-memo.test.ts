import { describe, expect, it } from 'vitest';
import { createBoundedMemo, MEMO_LIMIT } from '../src/bounded-memo.js';

describe('a bounded memo', () => {
  it('works an answer out once per text, an undefined answer included', () => {
    const memo = createBoundedMemo<number | undefined>();
    const asked: string[] = [];
    const compute = (key: string): number | undefined => {
      asked.push(key);
      return key === 'nada' ? undefined : key.length;
    };
    expect([memo.lookup('PEN', compute), memo.lookup('nada', compute), memo.lookup('PEN', compute), memo.lookup('nada', compute)]).toEqual([
      3,
      undefined,
      3,
      undefined,
    ]);
    expect(asked).toEqual(['PEN', 'nada']);
  });

  it('forgets every answer once it holds MEMO_LIMIT, instead of growing', () => {
    const memo = createBoundedMemo<string>();
    for (let i = 0; i < MEMO_LIMIT; i += 1) memo.set(`t${i}`, `v${i}`);
    expect(memo.get('t0')).toBe('v0');
    memo.set('otro', 'x');
    expect(memo.get('t0')).toBeUndefined();
    expect(memo.get('otro')).toBe('x');
  });
});
