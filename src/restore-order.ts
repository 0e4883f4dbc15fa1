/**
 * Yields items in their sequence order (0, 1, 2, …) although they arrive out of order (bounded
 * concurrency finishes invoices in any order; the results workbook lists them as the sheet does).
 * Holds only the items that arrived before an earlier one.
 */
export async function* restoreOrder<T>(items: AsyncIterable<T>, seqOf: (item: T) => number): AsyncIterable<T> {
  const held = new Map<number, T>();
  let next = 0;
  for await (const item of items) {
    held.set(seqOf(item), item);
    let ready = held.get(next);
    while (ready !== undefined) {
      held.delete(next);
      yield ready;
      next += 1;
      ready = held.get(next);
    }
  }
  if (held.size > 0) {
    // A gap can only come from a sequencing bug upstream; never drop what we hold.
    for (const seq of [...held.keys()].sort((a, b) => a - b)) yield held.get(seq) as T;
  }
}
