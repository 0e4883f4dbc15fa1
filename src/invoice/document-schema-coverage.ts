import type { ColumnName } from './canonical-columns.js';
import type { CatalogueName, Catalogues } from './catalogues.js';
import { allowedValues } from './catalogues.js';
import { facturaDocumentSchemaFor } from './factura-document.js';
import type { ResolvedInvoice } from './resolve-invoice.js';
import { canonicalDecimal } from './rules/amount-rules.js';
import type { Close2u, Emisor, ValidationContext } from './validation-context.js';
import { buildEmisor } from './build-document.js';

/**
 * Whether an invoice that passed every rule (no errors) is sure to give a document body that the
 * zod schema (factura-document.ts, the single source of truth) accepts, so a dry run without an
 * issuer can skip building and parsing it, and a run with one parses only the documents not proven
 * (with issuerBlockAccepted for the issuer's block). `false` means "not proven": the caller then
 * parses with the schema as before, so an answer here never changes a result, only saves work.
 * The schema's fields and what guarantees each one, once the rules found no error:
 *
 * - close2u: the run's settings, parsed by the schema once per settings object (below).
 * - serie: SERIE_PATTERN (invoice-key-rules.ts, case-insensitive; the builder upper-cases it).
 * - numero: NUMERO_FORMAT (1-8 digits, not all zeros) → an integer 1..99,999,999.
 * - fechaEmision: dateRules' epochDay (a real YYYY-MM-DD date, year ≥ 100) = z.iso.date().
 * - horaEmision: dateRules' TIME_PATTERN, the schema's own pattern.
 * - receptor correo/correoCopia: contactRules' isEmail is the schema's z.email(); ubigeo: 6 digits.
 * - numeroDocumentoIdentidad: RUC (11 digits), DNI (8 digits) or 1-15 letters/digits by type.
 * - cantidad: amountRules (canonical, > 0, ≤ 12 integer and ≤ 10 decimal digits) = DECIMAL and > 0.
 * - detalleDocumento has ≥ 1 line: NO_LINES. Optional fields: the builder leaves out "" and undefined.
 *
 * Checked here because the rules do not state them exactly as the schema does:
 * - required values present and non-empty (requiredValueRules skips cells already reported);
 * - enumerations among the catalogue's values (resolution gives them, checked anyway: cheap);
 * - ordencompra not "" (a configured default could be);
 * - text limits in UTF-16 code units, as zod's .max() counts (the rules count characters);
 * - the unit value as the JSON number sent: > 0 and < 1e12 (999999999999.9999999999 rounds up to 1e12).
 */
export function rulesCoverDocumentBody(invoice: ResolvedInvoice, context: ValidationContext): boolean {
  let covers = coverageByContext.get(context);
  if (covers === undefined) coverageByContext.set(context, (covers = coverageCheck(context)));
  return covers(invoice);
}

/**
 * The check of one run's context: the settings parsed and the catalogue sets looked up once per
 * context object (a run makes one per issuer), not for every invoice.
 */
const coverageByContext = new WeakMap<ValidationContext, (invoice: ResolvedInvoice) => boolean>();

function coverageCheck(context: ValidationContext): (invoice: ResolvedInvoice) => boolean {
  if (!close2uAccepted(context.catalogues, context.close2u)) return () => false;
  const allowed = allowedSets(context.catalogues);
  const headerEnums = HEADER_ENUMS.map(([column, catalogue]) => [column, allowed(catalogue)] as const);
  const lineEnums = LINE_ENUMS.map(([column, catalogue]) => [column, allowed(catalogue)] as const);
  return (invoice) => {
    const h = invoice.header;
    for (const column of REQUIRED_HEADER) if (!filled(h[column])) return false;
    for (const [column, set] of headerEnums) {
      const value = h[column];
      if (value !== undefined && !set.has(value)) return false;
    }
    if (h.ordenCompra === '') return false;
    if (!within(h.receptorNombreLegal, 100) || !within(h.receptorNombreComercial, 100)) return false;
    if (invoice.lines.length === 0) return false;
    for (const line of invoice.lines) {
      const v = line.values;
      for (const column of REQUIRED_LINE) if (!filled(v[column])) return false;
      for (const [column, set] of lineEnums) if (!set.has(v[column] ?? '')) return false;
      if (!within(v.descripcion, 500) || !within(v.codigoProducto, 30)) return false;
      const valor = canonicalDecimal(v.valorVentaUnitario ?? '');
      const sent = valor === undefined ? Number.NaN : Number(valor);
      if (!(sent > 0 && sent < 1e12)) return false;
    }
    return true;
  };
}

const REQUIRED_HEADER: readonly ColumnName[] = [
  'serie',
  'numero',
  'moneda',
  'fechaEmision',
  'formaPago',
  'condicionPago',
  'tipoOperacion',
  'receptorNombreLegal',
  'receptorNumeroDocumento',
  'receptorTipoDocumento',
];
const REQUIRED_LINE: readonly ColumnName[] = ['descripcion', 'tipoAfectacion', 'unidadMedida', 'cantidad', 'valorVentaUnitario'];
/** The schema's enumerated fields and their catalogue (condicionPago uses formaPago's, as the schema does). */
const HEADER_ENUMS: readonly (readonly [ColumnName, CatalogueName])[] = [
  ['moneda', 'moneda'],
  ['formaPago', 'formaPago'],
  ['condicionPago', 'formaPago'],
  ['medioPago', 'medioPago'],
  ['tipoOperacion', 'tipoOperacion'],
  ['receptorTipoDocumento', 'tipoDocumentoIdentidad'],
];
const LINE_ENUMS: readonly (readonly [ColumnName, CatalogueName])[] = [
  ['tipoAfectacion', 'tipoAfectacion'],
  ['unidadMedida', 'unidadMedida'],
];

function filled(value: string | undefined): boolean {
  return value !== undefined && value !== '';
}

/** Absent, or at most `max` UTF-16 code units (zod's string length). */
function within(value: string | undefined, max: number): boolean {
  return value === undefined || value.length <= max;
}

const allowedByCatalogues = new WeakMap<Catalogues, (name: CatalogueName) => ReadonlySet<string>>();

function allowedSets(catalogues: Catalogues): (name: CatalogueName) => ReadonlySet<string> {
  let get = allowedByCatalogues.get(catalogues);
  if (get === undefined) {
    const sets = new Map<CatalogueName, ReadonlySet<string>>();
    get = (name) => {
      let set = sets.get(name);
      if (set === undefined) sets.set(name, (set = new Set(allowedValues(catalogues, name))));
      return set;
    };
    allowedByCatalogues.set(catalogues, get);
  }
  return get;
}

const close2uChecked = new WeakMap<Catalogues, WeakMap<Close2u, boolean>>();

/** The schema's shape has no catalogue field in the issuer block: one answer per issuer object. */
const issuerChecked = new WeakMap<Emisor, boolean>();

/**
 * Whether the schema accepts the issuer block (`emisor`) that withEmisor builds from `emisor`:
 * parsed once per issuer object (a run makes one per issuer), not for every invoice. With the
 * body covered (rulesCoverDocumentBody) it makes the whole document covered: the schema's issuer
 * block depends on nothing else in the document.
 */
export function issuerBlockAccepted(catalogues: Catalogues, emisor: Emisor): boolean {
  let accepted = issuerChecked.get(emisor);
  if (accepted === undefined) {
    accepted = facturaDocumentSchemaFor(catalogues).shape.emisor.safeParse(buildEmisor(emisor)).success;
    issuerChecked.set(emisor, accepted);
  }
  return accepted;
}

/** The run's close2u block against the schema, parsed once per settings object. */
function close2uAccepted(catalogues: Catalogues, close2u: Close2u): boolean {
  let byClose2u = close2uChecked.get(catalogues);
  if (byClose2u === undefined) close2uChecked.set(catalogues, (byClose2u = new WeakMap<Close2u, boolean>()));
  let accepted = byClose2u.get(close2u);
  if (accepted === undefined) {
    const { tipoIntegracion, tipoPlantilla, tipoRegistro } = close2u;
    accepted = facturaDocumentSchemaFor(catalogues).shape.close2u.safeParse({ tipoIntegracion, tipoPlantilla, tipoRegistro }).success;
    byClose2u.set(close2u, accepted);
  }
  return accepted;
}
