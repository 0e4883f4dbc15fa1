/**
 * The sheets of the template workbook (`factura-import template`, written by
 * scripts/make-templates.ts): where the sales go, the instructions, the filled-in examples (read
 * only when asked for by name) and the hidden drop-down lists. Reading a filled-in template names
 * none of the others as sheets left unread.
 */
export const TEMPLATE_SHEETS = {
  data: 'Facturas',
  help: 'Instrucciones',
  example: 'Ejemplo',
  lists: 'Listas',
} as const;

const AUXILIARY = new Set([TEMPLATE_SHEETS.help, TEMPLATE_SHEETS.example, TEMPLATE_SHEETS.lists].map((n) => n.toLowerCase()));

/** One of the template's own sheets besides the one the sales go in. */
export function isTemplateAuxiliarySheet(name: string): boolean {
  return AUXILIARY.has(name.trim().toLowerCase());
}
