/**
 * What the part check adds to a whole read: an honest workbook read whole (30,000 sales), and the
 * check timed alone three times.   npx tsx repro/time-part-check.ts /tmp/sjsb-t/grande.xlsx
 */
import { checkPartSizes } from '../src/sheet/check-part-sizes.js';
import { readXlsxPartBudget } from '../src/sheet/xlsx-part-budget.js';
import { writeWholeReadWorkbook } from '../test/reliability/make-bad-corpus.js';

const file = process.argv[2] ?? 'repro/out/grande.xlsx';
await writeWholeReadWorkbook(file, { sales: 30_000 });
const budget = await readXlsxPartBudget(file);
console.log(`sheet part: ${budget.limitFor('xl/worksheets/sheet1.xml')} bytes`);
for (let i = 0; i < 3; i++) {
  const started = performance.now();
  await checkPartSizes(file, budget);
  console.log(`checkPartSizes: ${Math.round(performance.now() - started)} ms`);
}
