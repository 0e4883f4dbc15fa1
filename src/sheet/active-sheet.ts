/**
 * The sheet a workbook was saved showing: the `activeTab` of its first window (workbook.xml's
 * `<workbookView activeTab="2">`, an index into the list of sheets, hidden ones included), when it
 * names a visible sheet. An office keeping one tab per month saves the workbook on the month it
 * worked on, which is not always the first tab.
 */
export function activeSheet(sheets: readonly { readonly name: string; readonly hidden: boolean }[], activeTab: unknown): string | undefined {
  if (typeof activeTab !== 'number' || !Number.isInteger(activeTab)) return undefined;
  const sheet = sheets[activeTab];
  return sheet === undefined || sheet.hidden ? undefined : sheet.name;
}
