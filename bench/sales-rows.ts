import { rucCheckDigit } from '../src/invoice/rules/identity-document-rules.js';
import { COLUMN_NAMES } from '../src/invoice/canonical-columns.js';
import type { ColumnName } from '../src/invoice/canonical-columns.js';
import { limaToday } from '../src/invoice/lima-today.js';
import { createSeededRandom } from '../src/sandbox/seeded-random.js';
import type { SeededRandom } from '../src/sandbox/seeded-random.js';

/**
 * Deterministic rows of a realistic sales sheet in the template's columns (COLUMN_NAMES, the header
 * of templates/factura-import.csv): Spanish customers and products, 1-5 lines per invoice, valid
 * RUCs, series F001.. with increasing numbers, today's date in Lima or up to two days back, amounts
 * with 2 decimals. The first line of an invoice carries the invoice columns; the next ones repeat
 * only serie and numero (fill-down), as the template shows. Same seed, same rows.
 */
export const SHEET_HEADER: readonly ColumnName[] = COLUMN_NAMES;

/** A row: one string per column, '' for a blank cell. Numbers are kept as text (the CSV shape). */
export type SalesRow = readonly string[];

export interface SalesRowsOptions {
  readonly seed: number;
  /** Stop after this many invoices… */
  readonly invoices?: number;
  /** …or after the invoice that reaches this many rows (whichever comes first). */
  readonly rows?: number;
  /** `YYYY-MM-DD`; default: today in Lima. */
  readonly today?: string;
  /** Invoices per series before moving to the next one (F001, F002…). */
  readonly invoicesPerSeries?: number;
  /**
   * Every invoice INVALID by one systematic error, as in a legacy migration: the customer's RUC
   * lost its leading digit (a number column in the old system), so it has 10 digits.
   */
  readonly invalid?: boolean;
}

/** The RUC check digit of docs/service-contract.md §9, from the validation rule itself. */
export { rucCheckDigit };

const pick = <T>(random: SeededRandom, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const between = (random: SeededRandom, min: number, max: number): number => min + Math.floor(random() * (max - min + 1));

function ruc(random: SeededRandom, prefix: '10' | '20'): string {
  let body = prefix;
  for (let i = 0; i < 8; i += 1) body += String(Math.floor(random() * 10));
  return body + String(rucCheckDigit(body));
}

const TRADES = [
  'Comercial',
  'Distribuidora',
  'Inversiones',
  'Corporación',
  'Importaciones',
  'Servicios Generales',
  'Negociaciones',
  'Agroindustrias',
  'Constructora',
  'Ferretería',
  'Farmacia',
  'Transportes',
  'Textiles',
  'Minimarket',
];
const NAMES = [
  'Andina',
  'del Sur',
  'San Martín',
  'Los Álamos',
  'Santa Rosa',
  'El Inca',
  'Pacífico',
  'Señor de Luren',
  'Virgen de Chapi',
  'Mantaro',
  'Huáscar',
  'Amazonía',
  'La Libertad',
  'Miraflores',
  'Chavín',
  'Titicaca',
  'Nazca',
  'Los Incas',
  'Cañete',
  'Tumbes',
];
const FORMS = ['S.A.C.', 'E.I.R.L.', 'S.A.', 'S.R.L.', 'S.A.A.'];
const PERSON_FIRST = ['María', 'José', 'Juan', 'Rosa', 'Luis', 'Carmen', 'Jorge', 'Ana', 'Víctor', 'Lucía', 'César', 'Milagros'];
const PERSON_LAST = ['Quispe', 'Flores', 'Sánchez', 'Rodríguez', 'García', 'Mamani', 'Huamán', 'Chávez', 'Ramírez', 'Torres', 'Gutiérrez', 'Peña'];
const STREETS = [
  'Av. Argentina',
  'Jr. de la Unión',
  'Av. Javier Prado Este',
  'Calle Las Begonias',
  'Av. Arequipa',
  'Jr. Ucayali',
  'Av. Brasil',
  'Av. La Marina',
  'Calle Los Pinos',
  'Av. Grau',
];
const DISTRICTS: readonly (readonly [string, string])[] = [
  ['Cercado de Lima', '150101'],
  ['San Isidro', '150131'],
  ['Miraflores', '150122'],
  ['Surquillo', '150141'],
  ['Arequipa', '040101'],
  ['Trujillo', '130101'],
  ['Cusco', '080101'],
  ['Piura', '200101'],
];
const PRODUCTS: readonly (readonly [string, string, number, number])[] = [
  // description, unidadMedida, min and max unit value
  ['Arroz extra bolsa 5 kg', 'UNIDAD_BIENES', 15, 25],
  ['Aceite vegetal botella 1 L', 'UNIDAD_BIENES', 6, 11],
  ['Azúcar rubia saco 50 kg', 'UNIDAD_BIENES', 120, 170],
  ['Leche evaporada caja x 24 latas', 'CAJA', 70, 95],
  ['Papel bond A4 80 g paquete x 500 hojas', 'PAQUETE', 12, 19],
  ['Cemento portland tipo I bolsa 42.5 kg', 'UNIDAD_BIENES', 25, 32],
  ['Fierro corrugado 1/2" x 9 m', 'UNIDAD_BIENES', 30, 45],
  ['Pintura látex blanco galón', 'US_GALON', 35, 60],
  ['Cable eléctrico THW 14 AWG', 'METRO', 1, 3],
  ['Café tostado molido 1 kg', 'KILOGRAMO', 28, 55],
  ['Quinua blanca perlada', 'KILOGRAMO', 8, 14],
  ['Guantes de nitrilo caja x 100', 'CAJA', 18, 35],
  ['Servicio de mantenimiento de equipos de cómputo', 'UNIDAD_SERVICIOS', 150, 900],
  ['Servicio de transporte de carga Lima - Arequipa', 'UNIDAD_SERVICIOS', 800, 2500],
  ['Horas de consultoría contable', 'HORA', 80, 200],
  ['Zapatillas de seguridad punta de acero par', 'PAR', 90, 180],
  ['Tóner para impresora láser', 'UNIDAD_BIENES', 120, 320],
  ['Agua de mesa sin gas paquete x 15 botellas', 'PAQUETE', 14, 22],
];
const GLOSAS = ['', '', 'Entrega en almacén central', 'Pedido urgente', 'Según cotización adjunta', 'Despacho a provincia', 'Crédito a 30 días'];
const MEDIOS = ['', 'DEPOSITO_CUENTA', 'TRANSFERENCIA_FONDOS', 'EFECTIVO'];

interface Customer {
  readonly ruc: string;
  readonly legalName: string;
  readonly tradeName: string;
  readonly email: string;
  readonly address: string;
  readonly ubigeo: string;
}

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 20);
}

function makeCustomer(random: SeededRandom, index: number): Customer {
  const person = random() < 0.2;
  const name = pick(random, NAMES);
  const legalName = person
    ? `${pick(random, PERSON_FIRST)} ${pick(random, PERSON_LAST)} ${pick(random, PERSON_LAST)}`
    : `${pick(random, TRADES)} ${name} ${pick(random, FORMS)}`;
  const [district, ubigeo] = pick(random, DISTRICTS);
  return {
    ruc: ruc(random, person ? '10' : '20'),
    legalName,
    tradeName: person ? '' : `${name} ${index % 7 === 0 ? 'Market' : ''}`.trim(),
    email: `compras${index}@${slug(name)}.com.pe`,
    address: `${pick(random, STREETS)} ${between(random, 100, 2999)}, ${district}`,
    ubigeo,
  };
}

function daysBefore(date: string, days: number): string {
  const t = Date.parse(`${date}T00:00:00Z`) - days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

const cents = (random: SeededRandom, min: number, max: number): string => (between(random, min * 100, max * 100) / 100).toFixed(2);
const COLUMN_INDEX = new Map<ColumnName, number>(SHEET_HEADER.map((c, i) => [c, i]));

/** The rows of the sheet (without the header), lazily. */
export function* salesRows(options: SalesRowsOptions): Generator<SalesRow> {
  const random = createSeededRandom(options.seed);
  const customers = Array.from({ length: 2000 }, (_, i) => makeCustomer(random, i + 1));
  const today = options.today ?? limaToday(Date.now());
  const dates = [today, daysBefore(today, 1), daysBefore(today, 2)];
  const perSeries = options.invoicesPerSeries ?? 1_000_000;
  const maxInvoices = options.invoices ?? Number.POSITIVE_INFINITY;
  const maxRows = options.rows ?? Number.POSITIVE_INFINITY;
  let rows = 0;
  for (let n = 0; n < maxInvoices && rows < maxRows; n += 1) {
    const serie = `F${String(Math.floor(n / perSeries) + 1).padStart(3, '0')}`;
    const numero = String((n % perSeries) + 1);
    const customer = pick(random, customers);
    const lines = Math.min(between(random, 1, 5), maxRows - rows);
    const credit = random() < 0.25;
    for (let l = 0; l < lines; l += 1) {
      const cells: string[] = new Array<string>(SHEET_HEADER.length).fill('');
      const set = (column: ColumnName, value: string): void => {
        cells[COLUMN_INDEX.get(column) ?? 0] = value;
      };
      set('serie', serie);
      set('numero', numero);
      if (l === 0) {
        set('fechaEmision', pick(random, dates));
        set('horaEmision', `${String(between(random, 8, 19)).padStart(2, '0')}:${String(between(random, 0, 59)).padStart(2, '0')}:00`);
        set('moneda', random() < 0.9 ? 'PEN' : 'USD');
        set('formaPago', credit ? 'CREDITO' : 'CONTADO');
        set('condicionPago', credit ? 'CREDITO' : 'CONTADO');
        set('medioPago', pick(random, MEDIOS));
        set('ordenCompra', random() < 0.4 ? `OC-${today.slice(0, 4)}-${String(between(random, 1, 9999)).padStart(4, '0')}` : '');
        set('glosa', pick(random, GLOSAS));
        set('coVendedor', `V${String(between(random, 1, 12)).padStart(2, '0')}`);
        set('tipoOperacion', 'VENTA_INTERNA');
        set('receptorTipoDocumento', 'RUC');
        set('receptorNumeroDocumento', options.invalid === true ? customer.ruc.slice(1) : customer.ruc);
        set('receptorNombreLegal', customer.legalName);
        set('receptorNombreComercial', customer.tradeName);
        set('receptorCorreo', customer.email);
        set('receptorDireccion', customer.address);
        set('receptorUbigeo', customer.ubigeo);
      }
      const productIndex = Math.floor(random() * PRODUCTS.length);
      const [description, unit, min, max] = PRODUCTS[productIndex] ?? PRODUCTS[0] ?? ['', '', 1, 1];
      set('codigoProducto', `P${String(productIndex + 1).padStart(4, '0')}`);
      set('descripcion', description);
      set('cantidad', unit === 'KILOGRAMO' || unit === 'METRO' ? cents(random, 1, 250) : String(between(random, 1, 40)));
      set('unidadMedida', unit);
      set('valorVentaUnitario', cents(random, min, max));
      set('tipoAfectacion', productIndex === 10 ? 'EXONERADO_OPERACION_ONEROSA' : 'GRAVADO_OPERACION_ONEROSA');
      yield cells;
    }
    rows += lines;
  }
}
