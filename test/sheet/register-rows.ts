/** The header of a sales register as offices keep it: the sheet tests' common one. */
export const REGISTER_HEADER = ['Serie', 'Número', 'Fecha', 'RUC cliente', 'Razón social', 'Descripción', 'Cantidad', 'Valor unitario'];

/** One line of that register, invoice F001-`numero`: 10 × 18.50 of rice to the Banco de Crédito, each value overridable. */
export function registerLine(numero: string, more: { readonly fecha?: string; readonly nombre?: string; readonly descripcion?: string } = {}): string[] {
  return [
    'F001',
    numero,
    more.fecha ?? '20/11/2026',
    '20100047218',
    more.nombre ?? 'Banco de Crédito del Perú',
    more.descripcion ?? 'Arroz extra bolsa 5 kg',
    '10',
    '18.50',
  ];
}
