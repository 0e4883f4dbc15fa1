/**
 * A problem's message without the place it starts with («Fila 4, Fecha de emisión: », «Fila 9: »,
 * «Row 4, Issue date: »). The Errores sheet keeps each message whole; a list that says where on its
 * own (the terminal's lines, the problem groups of the terminal, of Resumen and of the web
 * workspace, the web grid's cells) shows what is wrong without saying the place twice.
 */
export function messageWithoutPlace(message: string): string {
  return message.replace(/^(?:Fila|Row) \d+(?:, [^:]{1,80})?: /, '');
}
