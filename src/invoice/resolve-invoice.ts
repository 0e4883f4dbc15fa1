import { rucProblems, rucWithLookalikes } from './rules/identity-document-rules.js';
import type { ColumnName } from './canonical-columns.js';
import type { ColumnDefinition } from './canonical-columns.js';
import { CANONICAL_COLUMNS, INVOICE_COLUMNS, LINE_COLUMNS } from './canonical-columns.js';
import type { CatalogueName } from './catalogues.js';
import { allowedValues, catalogueWord } from './catalogues.js';
import type { CatalogueResolver } from './catalogue-resolver.js';
import { catalogueResolver } from './catalogue-resolver.js';
import { creditTermDays, creditTermNotSent } from './credit-term.js';
import type { InvoiceDraft } from './invoice-draft.js';
import { localized } from '../i18n/localized-text.js';
import type { LocalizedText } from '../i18n/localized-text.js';
import type { Problem } from './problem.js';
import { errorAt } from './rules/problem-at.js';
import type { LineValues } from './line-record.js';
import type { ResolvedInvoice, ResolvedLine } from './resolved-invoice.js';
import type { ValidationContext } from './validation-context.js';
import type { Wording } from '../remedies.js';
import { remedy } from '../remedies.js';
import { writtenRate, type WrittenRate } from './tax-rate-suffix.js';

export type { ResolvedInvoice, ResolvedLine } from './resolved-invoice.js';

type Values = Partial<Record<ColumnName, string>>;

const DEFINITIONS = new Map<ColumnName, ColumnDefinition>(CANONICAL_COLUMNS.map((c) => [c.name, c]));
function columnDefinition(name: ColumnName): ColumnDefinition {
  const def = DEFINITIONS.get(name);
  if (def === undefined) throw new Error(`unknown column ${name}`);
  return def;
}

export const DOC_TYPE_BY_LENGTH: Readonly<Record<number, string>> = { 11: 'RUC', 8: 'DOC_NACIONAL_DE_IDENTIDAD' };

export function cellKey(row: number, column: string): string {
  return `${row}:${column}`;
}

export function resolveInvoice(draft: InvoiceDraft, context: ValidationContext): { invoice: ResolvedInvoice; problems: Problem[] } {
  const problems: Problem[] = [];
  const firstRow = draft.rows[0] ?? 0;
  const reported = new Set<string>();
  for (const p of draft.problems) if (p.row !== undefined && p.column !== undefined) reported.add(cellKey(p.row, p.column));

  const { resolveValue, invoiceColumns, lineColumns } = planOf(context);
  // The row an invoice-level value came from: asked only when a problem is reported on it.
  const rowOf = (column: ColumnName): number => draft.lines.find((line) => line.values[column] !== undefined)?.row ?? firstRow;

  /** `row`: the line's; undefined for the header's values, whose row is looked up only for a problem. */
  const resolve = (values: LineValues, column: ColumnPlan, row: number | undefined): string | undefined => {
    const fromSheet = values[column.name];
    const value = fromSheet ?? column.fallback;
    if (value === undefined || column.catalogue === undefined) return value;
    const resolved = resolveValue(column.catalogue, value);
    if (resolved !== undefined) return resolved;
    // «Crédito a 30 días»: credit; the term has no field to go in.
    const days = column.catalogue === 'formaPago' ? creditTermDays(value) : undefined;
    const credit = days === undefined ? undefined : resolveValue('formaPago', 'CREDITO');
    if (days !== undefined && credit !== undefined) {
      problems.push(creditTermNotSent(row ?? rowOf(column.name), column.name, value, days));
      return credit;
    }
    problems.push(unknownValue(context, column.catalogue, column.name, row ?? rowOf(column.name), value, fromSheet === undefined));
    return undefined;
  };

  const header: Values = {};
  for (const column of invoiceColumns) {
    const value = resolve(draft.header, column, undefined);
    if (value !== undefined) header[column.name] = value;
  }
  let inferredColumns: ReadonlySet<ColumnName> | undefined;
  if (header.receptorTipoDocumento === undefined && draft.header.receptorTipoDocumento === undefined && context.defaults.receptorTipoDocumento === undefined) {
    const numero = header.receptorNumeroDocumento;
    const inferred = numero !== undefined && /^\d+$/.test(numero) ? DOC_TYPE_BY_LENGTH[numero.length] : undefined;
    if (inferred !== undefined) {
      header.receptorTipoDocumento = inferred;
      inferredColumns = INFERRED_DOCUMENT_TYPE;
    }
    // A RUC with a digit too many or too few, or with spaces or dashes, is a problem of the number
    // itself, shown in its own column with its value, not a missing document type.
    else if (numero !== undefined && looksLikeRuc(numero)) problems.push(...rucProblems(numero, rowOf('receptorNumeroDocumento'), 'receptorNumeroDocumento'));
    else if (numero !== undefined) problems.push(documentTypeUnknown(rowOf('receptorNumeroDocumento'), numero));
  }

  const lines = draft.lines.map((line): ResolvedLine => {
    const values: Values = {};
    for (const column of lineColumns) {
      const value = resolve(line.values, column, line.row);
      if (value !== undefined) values[column.name] = value;
    }
    return { row: line.row, values };
  });

  const invoice = { rows: draft.rows, firstRow, header, rowOf, lines, reported };
  return { invoice: inferredColumns === undefined ? invoice : { ...invoice, inferred: inferredColumns }, problems };
}

/** The customer's document type, worked out from its number's length (resolveInvoice). */
const INFERRED_DOCUMENT_TYPE: ReadonlySet<ColumnName> = new Set<ColumnName>(['receptorTipoDocumento']);

/** How one column is resolved in a context: its default (the configuration's, else the column's) and catalogue. */
interface ColumnPlan {
  readonly name: ColumnName;
  readonly fallback: string | undefined;
  readonly catalogue: CatalogueName | undefined;
}

interface ResolutionPlan {
  readonly resolveValue: CatalogueResolver;
  readonly invoiceColumns: readonly ColumnPlan[];
  readonly lineColumns: readonly ColumnPlan[];
}

const plans = new WeakMap<ValidationContext, ResolutionPlan>();

/** The columns' defaults and catalogues of a context, looked up once per context object instead of for every cell. */
function planOf(context: ValidationContext): ResolutionPlan {
  let plan = plans.get(context);
  if (plan === undefined) {
    const columnPlan = (name: ColumnName): ColumnPlan => {
      const def = columnDefinition(name);
      return { name, fallback: context.defaults[name] ?? def.defaultValue, catalogue: def.catalogue };
    };
    plan = { resolveValue: catalogueResolver(context.catalogues), invoiceColumns: INVOICE_COLUMNS.map(columnPlan), lineColumns: LINE_COLUMNS.map(columnPlan) };
    plans.set(context, plan);
  }
  return plan;
}

/** Catalogues this long or shorter are listed by the service's names (CONTADO, CREDITO); longer ones by SUNAT code. */
const LIST_BY_NAME_UP_TO = 8;

function unknownValue(context: ValidationContext, catalogue: CatalogueName, column: ColumnName, row: number, value: string, fromDefault: boolean): Problem {
  // The context's resolver (planOf: built once per context), not a new one for every unknown value.
  const { resolveValue } = planOf(context);
  const rate = catalogue === 'tipoAfectacion' ? writtenRate(value, (text) => resolveValue(catalogue, text)) : undefined;
  if (rate !== undefined) return rateDisagrees(context, column, row, value, rate);
  const label = columnDefinition(column).label;
  // The words a person writes first (Gravado (10), Soles (PEN)…), then every value the service takes.
  const words = context.catalogues[catalogue]
    .filter((e) => e.words !== undefined && e.words.length > 0)
    .slice(0, 8)
    .map((e) => `${e.words?.[0] ?? e.value}${e.codes?.[0] !== undefined ? ` (${e.codes[0]})` : ''}`)
    .join(', ');
  const example = localized(words === '' ? '' : ` Escriba, por ejemplo: ${words}.`, words === '' ? '' : ` Write, for example: ${words}.`);
  const accepted = acceptedValues(context.catalogues, catalogue, context.wording);
  return errorAt(
    'UNKNOWN_CATALOGUE_VALUE',
    row,
    column,
    value,
    `«${value}» no es un valor válido de «${label.es}»${fromDefault ? ' (valor por defecto de la configuración)' : ''}.${example.es}${accepted.es}`,
    `"${value}" is not a valid "${label.en}"${fromDefault ? ' (default from the configuration)' : ''}.${example.en}${accepted.en}`,
  );
}

/**
 * What a catalogue accepts, as an unknown value's message ends: a short one by the service's names
 * (CONTADO, CREDITO), a long one (the 18 tax treatments, the units) by the SUNAT codes an accountant
 * knows, not the service's names.
 */
function acceptedValues(catalogues: ValidationContext['catalogues'], catalogue: CatalogueName, wording: Wording | undefined): LocalizedText {
  const entries = catalogues[catalogue];
  if (entries.length <= LIST_BY_NAME_UP_TO) {
    const allowed = allowedValues(catalogues, catalogue).join(', ');
    return localized(` Valores que acepta el servicio: ${allowed} (o su código SUNAT).`, ` Values the service takes: ${allowed} (or their SUNAT code).`);
  }
  // A value without a SUNAT code (the units' KILOS) is named by the service's name, apart.
  const codes = entries.flatMap((e) => (e.codes?.[0] !== undefined ? [e.codes[0]] : [])).join(', ');
  const uncoded = entries.filter((e) => e.codes?.[0] === undefined).map((e) => e.value);
  const others = uncoded.length === 0 ? localized('', '') : localized(` y ${uncoded.join(', ')}`, ` and ${uncoded.join(', ')}`);
  const example = entries[0]?.value ?? '';
  // A unit the service takes that the list lacks can be added in the configuration (README: "catalogues").
  const extend = catalogue === 'unidadMedida' ? remedy('units', wording) : localized('', '');
  return localized(
    ` Códigos SUNAT que acepta: ${codes}; también el nombre que usa el servicio (como ${example})${others.es}.${extend.es}`,
    ` SUNAT codes it takes: ${codes}; also the service's own name (such as ${example})${others.en}.${extend.en}`,
  );
}

/** A tax treatment written with a rate that is not the one applied to it («Gravado 10%»). */
function rateDisagrees(context: ValidationContext, column: ColumnName, row: number, value: string, rate: WrittenRate): Problem {
  const label = columnDefinition(column).label;
  // Its word, not its SUNAT code: «Gravado (10)» beside «10 %» would read as a rate.
  const treatment = catalogueWord(context.catalogues, 'tipoAfectacion', rate.value);
  const applied = shownPercent(rate.applied);
  return errorAt(
    'UNKNOWN_CATALOGUE_VALUE',
    row,
    column,
    value,
    `«${value}»: la tasa escrita (${rate.written} %) no es la que corresponde a «${treatment}» (${applied} %), la única que se aplica a esa afectación. Corrija la tasa o el «${label.es}».`,
    `"${value}": the rate written (${rate.written} %) is not the one for "${treatment}" (${applied} %), the only one applied to that treatment. Correct the rate or the "${label.en}".`,
  );
}

/** «0.18» as «18», «0.04» as «4». */
function shownPercent(rate: string): string {
  return String(Math.round(Number(rate) * 10_000) / 100);
}

/** 9 to 13 digits, or 11 digits once spaces, dots and dashes are taken out, or with a letter O for a zero: meant as a RUC. */
function looksLikeRuc(numero: string): boolean {
  return /^\d{9,13}$/.test(numero) || /^\d{11}$/.test(numero.replace(/[\s.-]/g, '')) || rucWithLookalikes(numero) !== undefined;
}

function documentTypeUnknown(row: number, numero: string): Problem {
  return errorAt(
    'RECEPTOR_DOCUMENT_TYPE_UNKNOWN',
    row,
    'receptorTipoDocumento',
    undefined,
    `Falta el tipo de documento del cliente y no se puede deducir del número «${numero}» (11 dígitos sería RUC, 8 dígitos DNI). Indique el tipo (RUC, DNI, CE, PASAPORTE…).`,
    `The customer's document type is missing and cannot be inferred from the number "${numero}" (11 digits would be a RUC, 8 a DNI). Give the type (RUC, DNI, CE, PASAPORTE…).`,
  );
}
