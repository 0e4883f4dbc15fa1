/**
 * Heap held by grouping's memory of finished invoices (default mode), per 100,000 invoices:
 * pushes N one-row invoices (F001-1…) through the real grouper, drops the drafts, and compares the
 * heap after a forced GC with the heap before. Usage: node --expose-gc --import tsx bench/grouping-heap.ts [N]
 */
import { createInvoiceGrouper } from '../src/invoice/invoice-grouper.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const n = Number(process.argv[2] ?? 300_000);
const grouper = createInvoiceGrouper();
gc();
const before = process.memoryUsage().heapUsed;
let items = 0;
for (let i = 1; i <= n; i += 1) items += grouper.push({ row: i + 1, values: { serie: 'F001', numero: String(i), descripcion: 'x' }, problems: [] }).length;
gc();
const after = process.memoryUsage().heapUsed;
console.log(JSON.stringify({ invoices: n, items, mbPer100k: Number(((((after - before) / n) * 100_000) / 1e6).toFixed(2)) }));
void grouper.end();
