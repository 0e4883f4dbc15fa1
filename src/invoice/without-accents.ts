/** The text with its accents (and other combining marks) taken off: «Dólares» → «Dolares». */
export function withoutAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '');
}
