import { writeSunatRegister } from '../test/helpers/sunat-register.js';
await writeSunatRegister(`${process.argv[2] ?? 'repro/out'}/registro-14-1-con-igv.xlsx`, { unitValuesWithIgv: true });
