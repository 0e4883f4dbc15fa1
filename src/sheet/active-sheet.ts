import { isTemplateAuxiliarySheet } from './template-sheets.js';

/**
 * The sheet a workbook was saved showing: the `activeTab` of its first window (workbook.xml's
 * `<workbookView activeTab="2">`, an index into the list of sheets, hidden ones included), when it
 * names a visible sheet. An office keeping one tab per month saves the workbook on the month it
 * worked on, which is not always the first tab. The template's own sheets (its examples) are
 * never taken for it.
 */
export function activeSheet(sheets: readonly { readonly name: string; readonly hidden: boolean }[], activeTab: unknown): string | undefined {
  if (typeof activeTab !== 'number' || !Number.isInteger(activeTab)) return undefined;
  const sheet = sheets[activeTab];
  // A filled-in template saved while its examples were on screen: the examples are never the sales.
  return sheet === undefined || sheet.hidden || isTemplateAuxiliarySheet(sheet.name) ? undefined : sheet.name;
}
