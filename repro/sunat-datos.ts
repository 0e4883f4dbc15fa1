import { writeSunatCsv, writeSunatRegister } from '../test/helpers/sunat-register.js';
const dir = process.argv[2] ?? 'repro/out';
await writeSunatRegister(`${dir}/datos/registro-14-1-datos.xlsx`, { customerTitle: 'DATOS', documentTitle: 'DOCUMENTO' });
await writeSunatCsv(`${dir}/datos/registro-14-1-datos.csv`, { customerTitle: 'DATOS', documentTitle: 'DOCUMENTO' });
