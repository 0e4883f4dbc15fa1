import { writeSunatCsv, writeSunatRegister, writeSunatSheetJs } from '../test/helpers/sunat-register.js';
const dir = process.argv[2] ?? 'repro/out';
await writeSunatRegister(`${dir}/registro-14-1.xlsx`);
await writeSunatSheetJs(`${dir}/registro-14-1-sheetjs.xlsx`);
await writeSunatCsv(`${dir}/registro-14-1.csv`);
await writeSunatCsv(`${dir}/registro-14-1-lleno.csv`, { filled: true });
