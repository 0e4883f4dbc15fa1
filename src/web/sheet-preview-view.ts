import type { LocalizedText, MappingRecord, SheetPreview as LibraryPreview } from '../index.js';
import { CANONICAL_COLUMN_LIST, FacturaError, inUserTerms, isPriceWithIgvHeader, listSheets, previewSheet, readMappedHeader } from '../index.js';
import { checkTerms } from './check-terms.js';
import { includesIgv } from './confirmed-mapping.js';
import type { SheetChoice, SheetPreview } from './workspace-api.js';
import { WITH_IGV_SUFFIX } from './workspace-api.js';
import type { WorkspaceStore } from './workspace-store.js';

/** What the server keeps of a preview to run the check later. */
export interface StoredPreview extends SheetPreview {
  /** The header row's signature, the key a confirmed mapping is remembered by. */
  readonly signature: string;
  /**
   * The mapping the check runs with, as a mapping file (confirmed-mapping.ts): the one remembered
   * for these headers, until the user confirms another.
   */
  readonly mapping?: MappingRecord;
  /** The sheet the check must ask for by name (the user's choice); absent: the CLI's own pick. */
  readonly chosenSheet?: string;
}

/** The columns step's choice of a unit value that includes IGV (WITH_IGV_SUFFIX). */
const WITH_IGV_CHOICE = `valorVentaUnitario${WITH_IGV_SUFFIX}`;

const COLUMN_NAMES = CANONICAL_COLUMN_LIST.map((c) => c.name);

/**
 * The choices of the columns step: every canonical column; after the number a column holding the
 * serie and the number together («F001-00000123», which the preview shows as `serie,numero` and the
 * page maps to both); after the unit value one that includes IGV (mapped to the unit value, and the
 * check then runs with PRECIOS_CON_IGV).
 */
const CANONICAL = CANONICAL_COLUMN_LIST.flatMap((c) => {
  const choice = { name: c.name, label: c.label.es, required: c.required };
  if (c.name === 'numero') return [choice, { name: 'serie,numero', label: 'Serie y número juntos (F001-00000123)', required: false }];
  if (c.name === 'valorVentaUnitario') return [choice, { name: WITH_IGV_CHOICE, label: 'Valor unitario con IGV (el precio incluye el IGV)', required: false }];
  return [choice];
});

/**
 * A stored preview as the page gets it: without what only the server needs (the header signature,
 * the sheet asked for). When the check ran with a column mapping, each column shows the field(s)
 * the mapping gave it, so reopening the columns step starts from the choices made, not from what
 * was recognised before them.
 */
export function previewForBrowser(p: StoredPreview): SheetPreview {
  const { signature: _signature, mapping, chosenSheet: _chosenSheet, ...rest } = p;
  if (mapping === undefined) return rest;
  const withIgv = includesIgv(mapping);
  const columns = rest.columns.map(({ column: _column, ...c }) => {
    const fields = COLUMN_NAMES.filter((name) => names(mapping[name], c)).map((name) => (name === 'valorVentaUnitario' && withIgv ? WITH_IGV_CHOICE : name));
    return fields.length === 0 ? c : { ...c, column: fields.join(',') };
  });
  return { ...rest, columns };
}

/** Whether a mapping's text names this column: its header, and its letter when the text says one («Número (columna F)»). */
function names(text: string | undefined, column: { readonly header: string; readonly letter: string }): boolean {
  if (text === undefined) return false;
  if (text === column.header) return true;
  const named = readMappedHeader(text);
  return named.letter === column.letter && named.header === column.header;
}

/**
 * The preview of a sheet read with a column mapping, or why the mapping cannot read it (a mapping
 * naming no column, or a header's text empty: FacturaError CONFIG or USAGE), as the page says it.
 */
export async function previewWithMapping(
  path: string,
  read: { readonly sheet?: string },
  mapping: MappingRecord,
): Promise<{ preview: LibraryPreview; refusal?: undefined } | { preview?: undefined; refusal: LocalizedText }> {
  try {
    return { preview: await previewSheet(path, { ...read, mapping, wording: 'workspace' }) };
  } catch (err) {
    if (err instanceof FacturaError && (err.code === 'CONFIG' || err.code === 'USAGE')) return { refusal: err.text };
    throw err;
  }
}

/** Sheets previewed for the choice at most: each one is opened to show its first rows. */
const MAX_SHEET_CHOICES = 12;

type UploadedCheck = { readonly id: string; readonly fileName: string; readonly storedPath: string };

/**
 * How long opening sheets to show their first rows may take in all. Each opening reads the
 * workbook's shared strings again: a workbook of many sheets over a large table of strings would
 * otherwise cost a minute of CPU and most of a gigabyte at upload. The sheets past it are listed
 * without their rows (they can still be chosen).
 */
export const SHEET_CHOICES_BUDGET_MS = 5_000;

/** A workbook's visible sheets with their first rows (the first always; the others within `budgetMs`), when it has more than one; otherwise undefined. */
export async function sheetChoices(path: string, budgetMs = SHEET_CHOICES_BUDGET_MS): Promise<SheetChoice[] | undefined> {
  let sheets;
  try {
    sheets = await listSheets(path);
  } catch (err) {
    if (err instanceof FacturaError) return undefined; // the preview says what is wrong with the file
    throw err;
  }
  const visible = sheets.filter((s) => !s.hidden).slice(0, MAX_SHEET_CHOICES);
  if (visible.length < 2) return undefined;
  const choices: SheetChoice[] = [];
  const started = Date.now();
  for (const s of visible) {
    if (choices.length > 0 && Date.now() - started >= budgetMs) {
      choices.push({ name: s.name, rows: [], hasHeader: false, unread: true, ...(s.active === true ? { active: true as const } : {}) });
      continue;
    }
    const p = await previewSheet(path, { sheet: s.name, wording: 'workspace' });
    const partial = p.header === undefined && p.columns.some((c) => c.column !== undefined);
    choices.push({
      name: s.name,
      rows: p.firstRows.map((r) => r.cells),
      hasHeader: p.header !== undefined,
      ...(partial ? { partialHeader: true } : {}),
      ...(s.active === true ? { active: true as const } : {}),
    });
  }
  return choices;
}

/**
 * Previews an uploaded sheet for the columns step: the header the CLI would detect (with the mapping
 * confirmed earlier for the same headers, when there is one), each column with a sample value, and
 * whether the step can be passed over (every required column matched). For a workbook with several
 * sheets it also lists them with their first rows (`sheets`), computed once at upload and kept when
 * the user picks another (`chosen.sheet`). When the CLI could not pick one itself (several sheets
 * have a header), the first of those is proposed and asked for by name.
 */
export async function buildSheetPreview(
  store: WorkspaceStore,
  check: UploadedCheck,
  chosen: { readonly sheet: string; readonly sheets: readonly SheetChoice[] } | undefined = undefined,
): Promise<StoredPreview> {
  const sheets = chosen?.sheets ?? (await sheetChoices(check.storedPath));
  let sheet = chosen?.sheet;
  let preview;
  try {
    preview = await previewSheet(check.storedPath, { ...(sheet !== undefined ? { sheet } : {}), wording: 'workspace' });
  } catch (err) {
    // Several sheets have a header: the CLI asks for --sheet; the page proposes the one the workbook
    // was saved showing when it has one, else the first of them (one whose columns are all named,
    // else one naming some: the columns step asks for the rest).
    const proposed = (
      sheets?.find((s) => s.hasHeader && s.active === true) ??
      sheets?.find((s) => s.hasHeader) ??
      sheets?.find((s) => s.partialHeader === true)
    )?.name;
    if (!(err instanceof FacturaError) || sheet !== undefined || proposed === undefined) throw err;
    sheet = proposed;
    preview = await previewSheet(check.storedPath, { sheet, wording: 'workspace' });
  }
  // In a workbook of several sheets every later read names the sheet this preview read: a mapping
  // confirmed on the columns step must not make the reader find another sheet of sales and refuse.
  if (sheet === undefined && sheets !== undefined && preview.sheet !== undefined) sheet = preview.sheet;
  const read = sheet !== undefined ? { sheet } : {};
  let remembered = store.recallMapping(preview.signature);
  if (remembered !== undefined) {
    const mapped = await previewWithMapping(check.storedPath, read, remembered);
    // A remembered mapping these headers cannot use (kept by an older version) is let go: the columns step asks again.
    if (mapped.refusal === undefined) preview = mapped.preview;
    else {
      store.forgetMapping(preview.signature);
      remembered = undefined;
    }
  }
  // No unit value, but a price headed «con IGV»: the columns step proposes it as the unit value with IGV, for the user to confirm.
  const withIgv = preview.missing.includes('valorVentaUnitario')
    ? preview.columns.find((c) => c.column === undefined && isPriceWithIgvHeader(c.header))
    : undefined;
  return {
    checkId: check.id,
    fileName: check.fileName,
    format: preview.format,
    ...(preview.sheet !== undefined ? { sheet: preview.sheet } : {}),
    ...(sheets !== undefined ? { sheets } : {}),
    ...(preview.headerRow !== undefined ? { headerRow: preview.headerRow } : {}),
    ...(preview.header?.groupRow !== undefined ? { groupRow: preview.header.groupRow } : {}),
    columns: withIgv === undefined ? preview.columns : preview.columns.map((c) => (c === withIgv ? { ...c, column: WITH_IGV_CHOICE } : c)),
    canonical: CANONICAL,
    missing: preview.missing,
    autoMapped: preview.header !== undefined && preview.missing.length === 0,
    remembered: remembered !== undefined,
    ...(preview.problem !== undefined ? { problem: inUserTerms(preview.problem, checkTerms(check)).es } : {}),
    signature: preview.signature,
    ...(remembered !== undefined ? { mapping: remembered } : {}),
    ...(sheet !== undefined ? { chosenSheet: sheet } : {}),
  };
}
