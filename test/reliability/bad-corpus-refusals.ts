/**
 * The files of the hostile corpus (fixtures/bad/, written by make-bad-corpus.ts) that must be
 * refused as a whole, and a piece of the Spanish message each one gets. One table for every
 * test that feeds them in: through the reading chain in process (bad-corpus-pipeline.test.ts)
 * and through the CLI as a child process (cli-bad-corpus.test.ts), so both hold the same words.
 */
export const BAD_CORPUS_REFUSALS: readonly { readonly file: string; readonly says: string }[] = [
  { file: 'empty.csv', says: 'está vacío: no tiene ninguna fila' },
  { file: 'bom-only.csv', says: 'está vacío: no tiene ninguna fila' },
  { file: 'header-only.csv', says: 'tiene fila de encabezados (fila 1) pero ninguna fila de facturas' },
  { file: 'junk.csv', says: 'No se encontró la fila de encabezados' },
  { file: 'junk.xlsx', says: 'se llama .xlsx pero no es un libro de Excel (no es un archivo zip)' },
  { file: 'duplicate-headers.csv', says: '«Producto» (H) y «Descripción» (I)' },
  { file: 'repeated-header-name.csv', says: '«cantidad» (J) y «cantidad» (N)' },
  { file: 'truncated.xlsx', says: 'está incompleto' },
  { file: 'only-hidden-sheets.xlsx', says: 'solo tiene hojas ocultas ("Ventas", "Notas")' },
  { file: 'windows-1252-with-utf8-bom.csv', says: 'no es UTF-8 válido: la fila 3 tiene un byte 0xF1 que no es UTF-8 (byte 367 del archivo)' },
];
