/**
 * Generates the demo and test fixtures, deterministically (a seeded generator, fixed dates):
 *
 * - fixtures/demo/ventas-noviembre.xlsx and .csv: a clean monthly sheet, 50 invoices of 1-5 lines,
 *   headers = the canonical names (a filled template), valid RUCs, all VALID. The lead's `npm run
 *   demo` submits the XLSX. The CSV is UTF-8 without BOM, `,`, decimal point, dates YYYY-MM-DD.
 * - fixtures/spanish-excel/ventas.csv: what Spanish-locale Excel exports: `;`, Windows-1252,
 *   decimal commas with thousands dots (`1.234,56`), DD/MM/YYYY, title rows above Spanish headers
 *   (`RUC cliente`, `Razón social`, `Precio unitario`, `Cant.`), invoice columns left blank on
 *   continuation rows, and an unknown column (`Vendedor zona`).
 * - fixtures/legacy/export.csv + mapping.json: a legacy system's export (DOC_SERIE, DOC_NRO with
 *   zero padding, FEC_EMI as DD-MM-YYYY in 2019-2021, CLI_RUC…, prices with 4 decimals) and the
 *   `--map` file naming its columns.
 *
 * The expected line records of each fixture are computed here from the same model (not from the
 * files), so the tests check that reading the files gives back exactly what was meant.
 * Run: `npx tsx scripts/make-fixtures.ts [root]` (default: the repository's fixtures/).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Decimal } from 'decimal.js';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import type { ColumnName } from '../src/invoice/canonical-columns.js';
import { withRucCheckDigit } from '../src/invoice/rules/identity-document-rules.js';
import { createSeededRandom as seeded } from '../src/sandbox/seeded-random.js';

/** SUNAT's RUC check digit, from the validation rule itself. */
export const rucWithCheckDigit = withRucCheckDigit;

interface Customer {
  readonly ruc: string;
  readonly name: string;
  readonly email: string;
  readonly address: string;
  readonly ubigeo: string;
}

interface Product {
  readonly code: string;
  readonly description: string;
  readonly unit: string;
  /** Decimal string with 2 decimals (legacy: 4). */
  readonly price: string;
  /** Sold by weight or length: fractional quantities. */
  readonly fractional?: boolean;
}

export interface FixtureLine {
  readonly product: Product;
  readonly quantity: string;
}

export interface FixtureInvoice {
  readonly serie: string;
  readonly numero: number;
  readonly fechaEmision: string;
  readonly horaEmision?: string;
  readonly moneda: 'PEN' | 'USD';
  readonly medioPago?: string;
  readonly customer: Customer;
  readonly lines: readonly FixtureLine[];
}

/** An expected line record: its source row and its normalised values. */
export interface ExpectedRecord {
  readonly row: number;
  readonly values: Partial<Record<ColumnName, string>>;
}

const CUSTOMER_DATA: readonly (readonly [string, string, string, string, string])[] = [
  ['2051233379', 'Distribuidora Los Andes S.A.C.', 'compras@losandes.com.pe', 'Av. Argentina 1234, Cercado de Lima', '150101'],
  ['2060184512', 'Inversiones Miraflores E.I.R.L.', 'facturas@invmiraflores.pe', 'Calle Schell 320, Miraflores', '150122'],
  ['2048713305', 'Ferretería El Constructor S.R.L.', 'ventas@elconstructor.pe', 'Av. Ejército 815, Cayma', '040103'],
  ['2060032871', 'Botica Santa Rosa S.A.C.', 'administracion@boticasantarosa.pe', 'Jr. Junín 455, Trujillo', '130101'],
  ['2053390126', 'Panadería La Espiga de Oro E.I.R.L.', 'espigadeoro@gmail.com', 'Av. Los Incas 210, Wanchaq', '080108'],
  ['2010045679', 'Comercializadora Señor de Sipán S.A.', 'contabilidad@senordesipan.com.pe', 'Av. Balta 1020, Chiclayo', '140101'],
  ['2060298843', 'Restaurante El Piurano S.A.C.', 'elpiurano@hotmail.com', 'Av. Grau 1450, Piura', '200101'],
  ['2045612378', 'Librería y Papelería Ñaña S.R.L.', 'pedidos@libreriana.pe', 'Carretera Central km 18, Chaclacayo', '150107'],
  ['2060457712', 'Transportes Huancayo Express S.A.C.', 'operaciones@huancayoexpress.pe', 'Av. Ferrocarril 1650, Huancayo', '120101'],
  ['2049987320', 'Agroexportadora Valle de Ica S.A.', 'finanzas@valledeica.com.pe', 'Panamericana Sur km 303, Ica', '110101'],
  ['2060511267', 'Clínica Dental Sonrisa Perú S.A.C.', 'citas@sonrisaperu.pe', 'Av. Javier Prado Este 4200, Surco', '150140'],
  ['2045530981', 'Constructora Arequipa Sur S.A.C.', 'logistica@arequipasur.pe', 'Calle Mercaderes 118, Arequipa', '040101'],
  ['2060620054', 'Minimarket Doña Pepa E.I.R.L.', 'donapepa.minimarket@gmail.com', 'Jr. Amazonas 730, Chachapoyas', '010101'],
  ['2052277461', 'Importaciones Tacna Frontera S.R.L.', 'importaciones@tacnafrontera.pe', 'Av. Bolognesi 560, Tacna', '230101'],
  ['2060713398', 'Hotel Cusco Imperial S.A.C.', 'reservas@cuscoimperial.pe', 'Calle Plateros 345, Cusco', '080101'],
];

export const CUSTOMERS: readonly Customer[] = CUSTOMER_DATA.map(([base, name, email, address, ubigeo]) => ({
  ruc: rucWithCheckDigit(base),
  name,
  email,
  address,
  ubigeo,
}));

const P = (code: string, description: string, unit: string, price: string, fractional = false): Product => ({ code, description, unit, price, fractional });

export const PRODUCTS: readonly Product[] = [
  P('ABR-001', 'Arroz extra bolsa 5 kg', 'UNIDAD_BIENES', '18.50'),
  P('ABR-002', 'Azúcar rubia bolsa 1 kg', 'UNIDAD_BIENES', '3.80'),
  P('ABR-003', 'Aceite vegetal botella 1 L', 'UNIDAD_BIENES', '7.90'),
  P('ABR-004', 'Leche evaporada lata 400 g', 'UNIDAD_BIENES', '3.60'),
  P('ABR-005', 'Fideos spaghetti paquete 500 g', 'UNIDAD_BIENES', '2.90'),
  P('ABR-006', 'Atún en conserva lata 170 g', 'UNIDAD_BIENES', '5.40'),
  P('ABR-007', 'Café tostado molido 250 g', 'UNIDAD_BIENES', '12.90'),
  P('ABR-008', 'Quinua blanca perlada bolsa 1 kg', 'UNIDAD_BIENES', '11.50'),
  P('FRU-001', 'Papa amarilla', 'KILOGRAMO', '3.45', true),
  P('FRU-002', 'Palta Hass', 'KILOGRAMO', '8.90', true),
  P('FRU-003', 'Huevos pardos (docena)', 'DOCENA', '7.20'),
  P('BEB-001', 'Agua mineral sin gas caja x 15', 'CAJA', '22.50'),
  P('OFI-001', 'Papel bond A4 80 g (paquete x 500)', 'PAQUETE', '16.50'),
  P('OFI-002', 'Cuaderno cuadriculado A4 100 hojas', 'UNIDAD_BIENES', '4.20'),
  P('OFI-003', 'Tóner para impresora láser', 'UNIDAD_BIENES', '189.00'),
  P('CON-001', 'Cemento Portland tipo I bolsa 42,5 kg', 'UNIDAD_BIENES', '28.90'),
  P('CON-002', 'Fierro corrugado 1/2" x 9 m', 'UNIDAD_BIENES', '38.50'),
  P('CON-003', 'Pintura látex blanco', 'US_GALON', '45.00'),
  P('CON-004', 'Cable eléctrico THW 14 AWG', 'METRO', '1.85', true),
  P('SAL-001', 'Guantes de nitrilo talla M (caja x 100)', 'CAJA', '32.00'),
  P('SAL-002', 'Alcohol en gel 1 L', 'UNIDAD_BIENES', '14.90'),
  P('SER-001', 'Servicio de transporte de carga Lima – Arequipa', 'UNIDAD_SERVICIOS', '1250.00'),
  P('SER-002', 'Servicio de mantenimiento de aire acondicionado', 'UNIDAD_SERVICIOS', '320.00'),
  P('SER-003', 'Consultoría contable', 'HORA', '95.00', true),
  P('SER-004', 'Instalación de red de cómputo (12 puntos)', 'UNIDAD_SERVICIOS', '2480.00'),
];

const MEDIOS = ['DEPOSITO_CUENTA', 'TRANSFERENCIA_FONDOS', 'EFECTIVO', 'TARJETA_DEBITO'] as const;

function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function quantityFor(random: () => number, product: Product): string {
  if (product.fractional === true)
    return new Decimal(Math.floor(random() * 400) + 25)
      .div(4)
      .toFixed(2)
      .replace(/\.?0+$/, '');
  if (product.unit === 'UNIDAD_SERVICIOS') return '1';
  return String(Math.floor(random() * 48) + 1);
}

/** `count` invoices numbered from `firstNumber`, 1-5 distinct products each. */
export function makeInvoices(options: {
  seed: number;
  count: number;
  serie: string;
  firstNumber: number;
  dates: readonly string[];
  usdShare: number;
}): FixtureInvoice[] {
  const random = seeded(options.seed);
  return Array.from({ length: options.count }, (_, i) => {
    const lineCount = 1 + Math.floor(random() * 5);
    const chosen = new Set<Product>();
    while (chosen.size < lineCount) chosen.add(pick(random, PRODUCTS));
    const withTime = random() < 0.5;
    const hour = `${String(8 + Math.floor(random() * 11)).padStart(2, '0')}:${String(Math.floor(random() * 60)).padStart(2, '0')}:00`;
    const medio = random() < 0.7 ? pick(random, MEDIOS) : undefined;
    return {
      serie: options.serie,
      numero: options.firstNumber + i,
      fechaEmision: options.dates[Math.floor((i * options.dates.length) / options.count)] ?? '2026-11-20',
      ...(withTime ? { horaEmision: hour } : {}),
      moneda: random() < options.usdShare ? 'USD' : 'PEN',
      ...(medio === undefined ? {} : { medioPago: medio }),
      customer: pick(random, CUSTOMERS),
      lines: [...chosen].map((product) => ({ product, quantity: quantityFor(random, product) })),
    };
  });
}

const canonical = (s: string): string => new Decimal(s).toFixed();

// ---------------------------------------------------------------- demo (canonical headers)

const DEMO_COLUMNS = [
  'serie',
  'numero',
  'fechaEmision',
  'horaEmision',
  'moneda',
  'formaPago',
  'medioPago',
  'receptorNumeroDocumento',
  'receptorNombreLegal',
  'receptorCorreo',
  'receptorDireccion',
  'receptorUbigeo',
  'codigoProducto',
  'descripcion',
  'cantidad',
  'unidadMedida',
  'valorVentaUnitario',
  'tipoAfectacion',
] as const satisfies readonly ColumnName[];

/**
 * The demo's 50 invoices, issued over three days (the fixture: 18-20 November 2026). Dates draw
 * nothing from the generator: other days give the same invoices on those days (scripts/demo.ts).
 */
export function demoInvoices(dates: readonly [string, string, string] = ['2026-11-18', '2026-11-19', '2026-11-20']): FixtureInvoice[] {
  return makeInvoices({ seed: 20261120, count: 50, serie: 'F001', firstNumber: 1201, dates, usdShare: 0.1 });
}

export const DEMO_INVOICES: readonly FixtureInvoice[] = demoInvoices();

/** The demo's rows as normalised values: every row repeats its invoice's columns. */
export function demoExpected(invoices: readonly FixtureInvoice[] = DEMO_INVOICES): ExpectedRecord[] {
  return invoices
    .flatMap((inv) =>
      inv.lines.map((line) => ({
        values: {
          serie: inv.serie,
          numero: String(inv.numero),
          fechaEmision: inv.fechaEmision,
          ...(inv.horaEmision === undefined ? {} : { horaEmision: inv.horaEmision }),
          moneda: inv.moneda,
          formaPago: 'CONTADO',
          ...(inv.medioPago === undefined ? {} : { medioPago: inv.medioPago }),
          receptorNumeroDocumento: inv.customer.ruc,
          receptorNombreLegal: inv.customer.name,
          receptorCorreo: inv.customer.email,
          receptorDireccion: inv.customer.address,
          receptorUbigeo: inv.customer.ubigeo,
          codigoProducto: line.product.code,
          descripcion: line.product.description,
          cantidad: canonical(line.quantity),
          unidadMedida: line.product.unit,
          valorVentaUnitario: canonical(line.product.price),
          tipoAfectacion: 'GRAVADO_OPERACION_ONEROSA',
        },
      })),
    )
    .map((r, i) => ({ row: i + 2, values: r.values }));
}

/** Writes the demo workbook of `invoices` (the fixture's, or scripts/demo.ts's of today) to `path`. */
export async function writeDemoWorkbook(path: string, invoices: readonly FixtureInvoice[] = DEMO_INVOICES, sheetName = 'Ventas noviembre'): Promise<void> {
  const expected = demoExpected(invoices);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'factura-import fixtures';
  wb.created = new Date(Date.UTC(2026, 10, 20));
  wb.modified = wb.created;
  const ws = wb.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = DEMO_COLUMNS.map((name) => ({
    header: name,
    key: name,
    width: name === 'descripcion' || name === 'receptorNombreLegal' || name === 'receptorDireccion' ? 40 : 16,
    style: name === 'fechaEmision' ? { numFmt: 'dd/mm/yyyy' } : name === 'receptorNumeroDocumento' || name === 'receptorUbigeo' ? { numFmt: '@' } : {},
  }));
  ws.getRow(1).font = { bold: true };
  for (const r of expected) {
    const v = r.values;
    ws.addRow(
      DEMO_COLUMNS.map((name): ExcelJS.CellValue => {
        const value = v[name];
        if (value === undefined) return null;
        if (name === 'numero' || name === 'cantidad' || name === 'valorVentaUnitario') return Number(value);
        if (name === 'fechaEmision') return new Date(`${value}T00:00:00Z`);
        return value;
      }),
    );
  }
  await wb.xlsx.writeFile(path);
}

async function writeDemo(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const expected = demoExpected();
  await writeDemoWorkbook(join(dir, 'ventas-noviembre.xlsx'));
  // The CSV writes amounts as a person types them (`189.00`, `12.50`), not in their normalised form.
  const raw = DEMO_INVOICES.flatMap((inv) => inv.lines);
  const csvRows = [
    [...DEMO_COLUMNS],
    ...expected.map((r, i) =>
      DEMO_COLUMNS.map((name) => (name === 'valorVentaUnitario' ? raw[i]?.product.price : name === 'cantidad' ? raw[i]?.quantity : r.values[name]) ?? ''),
    ),
  ];
  await writeFile(join(dir, 'ventas-noviembre.csv'), stringify(csvRows), 'utf8');
}

// ---------------------------------------------------------------- Spanish Excel export

const SPANISH_HEADER = [
  'Serie',
  'Número',
  'Fecha de emisión',
  'Moneda',
  'RUC cliente',
  'Razón social',
  'Dirección',
  'Código',
  'Descripción',
  'Cant.',
  'Unidad',
  'Precio unitario',
  'Vendedor zona',
];
const SPANISH_UNITS: Readonly<Record<string, string>> = {
  UNIDAD_BIENES: 'NIU',
  UNIDAD_SERVICIOS: 'ZZ',
  KILOGRAMO: 'Kg',
  DOCENA: 'Docena',
  CAJA: 'Caja',
  PAQUETE: 'Paquete',
  US_GALON: 'Galón',
  METRO: 'Metro',
  HORA: 'Hora',
};
const TITLE_ROWS = 3; // two title lines and a blank line above the header

export const SPANISH_INVOICES: readonly FixtureInvoice[] = makeInvoices({
  seed: 1252,
  count: 12,
  serie: 'F002',
  firstNumber: 431,
  dates: ['2026-11-03', '2026-11-10', '2026-11-17'],
  usdShare: 0,
}).map((inv, i) => (i === 1 ? { ...inv, lines: [{ product: PRODUCTS[4] as Product, quantity: '1000' }, ...inv.lines.slice(0, 1)] } : inv));

/** `1234.5` → `1.234,50`: what Spanish-locale Excel writes. */
function spanishNumber(value: string, decimals: number): string {
  const [int = '0', frac = ''] = new Decimal(value).toFixed(decimals).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return frac === '' ? grouped : `${grouped},${frac}`;
}

function spanishDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d ?? ''}/${m ?? ''}/${y ?? ''}`;
}

export function spanishExpected(): ExpectedRecord[] {
  let row = TITLE_ROWS + 1;
  return SPANISH_INVOICES.flatMap((inv) =>
    inv.lines.map((line, i) => {
      row += 1;
      const first = i === 0;
      return {
        row,
        values: {
          serie: inv.serie,
          numero: String(inv.numero),
          ...(first
            ? {
                fechaEmision: inv.fechaEmision,
                moneda: 'Soles',
                receptorNumeroDocumento: inv.customer.ruc,
                receptorNombreLegal: inv.customer.name,
                receptorDireccion: inv.customer.address,
              }
            : {}),
          codigoProducto: line.product.code,
          descripcion: line.product.description,
          cantidad: canonical(line.quantity),
          unidadMedida: SPANISH_UNITS[line.product.unit] ?? line.product.unit,
          valorVentaUnitario: canonical(line.product.price),
        },
      };
    }),
  );
}

/**
 * Windows-1252 bytes. Latin-1 characters map to themselves; the few typographic characters a
 * Spanish sheet uses from the 0x80-0x9F block are listed from the code page (Node 20's TextDecoder
 * cannot build this table: it decodes that block as Latin-1 control characters).
 */
const WINDOWS_1252_EXTRA: Readonly<Record<string, number>> = { '€': 0x80, '…': 0x85, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96, '—': 0x97 };

function windows1252(text: string): Buffer {
  return Buffer.from(
    [...text].map((ch) => {
      const code = ch.codePointAt(0) ?? 0;
      const byte = WINDOWS_1252_EXTRA[ch] ?? (code <= 0xff && (code < 0x80 || code > 0x9f) ? code : undefined);
      if (byte === undefined) throw new Error(`not encodable in Windows-1252: ${ch}`);
      return byte;
    }),
  );
}

async function writeSpanish(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const width = SPANISH_HEADER.length;
  const pad = (cells: string[]): string[] => [...cells, ...Array<string>(width - cells.length).fill('')];
  const rows: string[][] = [pad(['Registro de ventas - Noviembre 2026']), pad(['Empresa: Distribuciones Ejemplo S.A.C. - RUC 20512333797']), pad([])];
  rows.push(SPANISH_HEADER);
  const zones = ['Lima Norte', 'Lima Sur', 'Provincias'];
  let n = 0;
  for (const inv of SPANISH_INVOICES) {
    inv.lines.forEach((line, i) => {
      const first = i === 0;
      rows.push([
        inv.serie,
        String(inv.numero),
        first ? spanishDate(inv.fechaEmision) : '',
        first ? 'Soles' : '',
        first ? inv.customer.ruc : '',
        first ? inv.customer.name : '',
        first ? inv.customer.address : '',
        line.product.code,
        line.product.description,
        spanishNumber(line.quantity, line.product.fractional === true ? 2 : 0),
        SPANISH_UNITS[line.product.unit] ?? line.product.unit,
        spanishNumber(line.product.price, 2),
        zones[n++ % zones.length] ?? '',
      ]);
    });
  }
  await writeFile(join(dir, 'ventas.csv'), windows1252(stringify(rows, { delimiter: ';', record_delimiter: 'windows' })));
}

// ---------------------------------------------------------------- legacy export + mapping

export const LEGACY_MAPPING = {
  serie: 'DOC_SERIE',
  numero: 'DOC_NRO',
  fechaEmision: 'FEC_EMI',
  moneda: 'MON_COD',
  receptorNumeroDocumento: 'CLI_RUC',
  receptorNombreLegal: 'CLI_NOMBRE',
  receptorDireccion: 'CLI_DIR',
  codigoProducto: 'ITEM_COD',
  descripcion: 'ITEM_DESC',
  cantidad: 'ITEM_CANT',
  unidadMedida: 'ITEM_UM',
  valorVentaUnitario: 'ITEM_PU',
} as const satisfies Partial<Record<ColumnName, string>>;

const LEGACY_HEADER = [
  'DOC_TIPO',
  'DOC_SERIE',
  'DOC_NRO',
  'FEC_EMI',
  'MON_COD',
  'CLI_RUC',
  'CLI_NOMBRE',
  'CLI_DIR',
  'ITEM_COD',
  'ITEM_DESC',
  'ITEM_CANT',
  'ITEM_UM',
  'ITEM_PU',
  'USU_REG',
];
const LEGACY_UNITS: Readonly<Record<string, string>> = {
  UNIDAD_BIENES: 'NIU',
  UNIDAD_SERVICIOS: 'ZZ',
  KILOGRAMO: 'KGM',
  DOCENA: 'DZN',
  CAJA: 'BX',
  PAQUETE: 'PK',
  US_GALON: 'GLL',
  METRO: 'MTR',
  HORA: 'HUR',
};

const LEGACY_DATES = ['2019-03-15', '2019-08-02', '2020-01-31', '2020-07-14', '2021-02-26', '2021-12-30'];
export const LEGACY_INVOICES: readonly FixtureInvoice[] = makeInvoices({
  seed: 1999,
  count: 30,
  serie: 'F003',
  firstNumber: 871,
  dates: LEGACY_DATES,
  usdShare: 0.2,
});

export function legacyExpected(): ExpectedRecord[] {
  let row = 1;
  return LEGACY_INVOICES.flatMap((inv) =>
    inv.lines.map((line) => {
      row += 1;
      return {
        row,
        values: {
          serie: inv.serie,
          numero: String(inv.numero),
          fechaEmision: inv.fechaEmision,
          moneda: inv.moneda,
          receptorNumeroDocumento: inv.customer.ruc,
          receptorNombreLegal: inv.customer.name.toUpperCase(),
          receptorDireccion: inv.customer.address.toUpperCase(),
          codigoProducto: line.product.code,
          descripcion: line.product.description.toUpperCase(),
          cantidad: canonical(line.quantity),
          unidadMedida: LEGACY_UNITS[line.product.unit] ?? line.product.unit,
          valorVentaUnitario: canonical(line.product.price),
        },
      };
    }),
  );
}

async function writeLegacy(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const rows: string[][] = [LEGACY_HEADER];
  for (const inv of LEGACY_INVOICES) {
    const [y, m, d] = inv.fechaEmision.split('-');
    for (const line of inv.lines) {
      rows.push([
        '01',
        inv.serie,
        String(inv.numero).padStart(8, '0'),
        `${d ?? ''}-${m ?? ''}-${y ?? ''}`,
        inv.moneda,
        inv.customer.ruc,
        inv.customer.name.toUpperCase(),
        inv.customer.address.toUpperCase(),
        line.product.code,
        line.product.description.toUpperCase(),
        new Decimal(line.quantity).toFixed(3),
        LEGACY_UNITS[line.product.unit] ?? line.product.unit,
        new Decimal(line.product.price).toFixed(4),
        'SISTEMA',
      ]);
    }
  }
  await writeFile(join(dir, 'export.csv'), stringify(rows), 'utf8');
  await writeFile(join(dir, 'mapping.json'), `${JSON.stringify(LEGACY_MAPPING, null, 2)}\n`, 'utf8');
}

/** Writes every fixture under `root` (fixtures/demo, fixtures/spanish-excel, fixtures/legacy). */
export async function writeFixtures(root: string): Promise<void> {
  await writeDemo(join(root, 'demo'));
  await writeSpanish(join(root, 'spanish-excel'));
  await writeLegacy(join(root, 'legacy'));
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ?? fileURLToPath(new URL('../fixtures', import.meta.url));
  await writeFixtures(root);
  console.log(`wrote fixtures under ${root}`);
}
