import type { LocalizedText } from './localized-text.js';

/**
 * What the library's messages tell a command-line user to do (a flag, the configuration file), as the workspace's user does
 * it: in Excel, then uploading again, or with the page's own «Columnas». Each pair is a phrase of
 * one message, as it is written (test/web/workspace-remedies.test.ts checks that each still is).
 */
export const WORKSPACE_REMEDIES: readonly (readonly [LocalizedText, LocalizedText])[] = [
  [
    { es: 'Si ve letras raras, use --encoding.', en: 'If letters look wrong, use --encoding.' },
    {
      es: 'Si ve letras raras, guárdelo en Excel como «CSV UTF-8 (delimitado por comas)» y súbalo de nuevo.',
      en: 'If letters look wrong, save it in Excel as «CSV UTF-8 (comma delimited)» and upload it again.',
    },
  ],
  [
    { es: 'Si lo guardó Excel como "CSV", pruebe con --encoding windows-1252.', en: 'If Excel saved it as "CSV", try --encoding windows-1252.' },
    {
      es: 'Guárdelo en Excel como «CSV UTF-8 (delimitado por comas)» y súbalo de nuevo.',
      en: 'Save it in Excel as «CSV UTF-8 (comma delimited)» and upload it again.',
    },
  ],
  [
    { es: ' o use --incluir-ocultas.', en: ' or use --incluir-ocultas.' },
    { es: ' en Excel y suba la hoja de nuevo.', en: ' in Excel and upload the sheet again.' },
  ],
  [
    {
      es: 'Indique --decimal-comma o --no-decimal-comma, o escriba el número sin separador de miles.',
      en: 'Pass --decimal-comma or --no-decimal-comma, or write the number without a thousands separator.',
    },
    { es: 'Escriba el número sin separador de miles.', en: 'Write the number without a thousands separator.' },
  ],
  [
    // A column a mapping chose that the header row does not have: in the workspace, chosen on the columns step.
    { es: 'el archivo de mapeo indica ', en: 'the mapping file names ' },
    { es: 'se eligió la columna ', en: 'the column chosen is ' },
  ],
  [
    { es: 'El archivo de mapeo asigna ', en: 'The mapping file assigns ' },
    { es: 'En «Columnas» se asignó ', en: 'The «Columnas» step assigns ' },
  ],
  [
    {
      es: 'ejecute con --tipo-registro PRECIOS_CON_IGV y cada línea se leerá como 1 unidad a ese precio con IGV (en el espacio de trabajo web, elija «Valor unitario con IGV» para esa columna)',
      en: 'run with --tipo-registro PRECIOS_CON_IGV and each line is read as 1 unit at that price with IGV (in the web workspace, choose «Valor unitario con IGV» for that column)',
    },
    {
      es: 'elija «Valor unitario con IGV» para esa columna con el botón «Columnas» y cada línea se leerá como 1 unidad a ese precio con IGV',
      en: 'choose «Valor unitario con IGV» for that column with the «Columnas» button and each line is read as 1 unit at that price with IGV',
    },
  ],
  [
    {
      es: 'si el importe incluye el IGV, ejecute con --tipo-registro PRECIOS_CON_IGV; si no lo incluye, llame a esa columna «Valor venta»;',
      en: 'if the amount includes IGV, run with --tipo-registro PRECIOS_CON_IGV; if it does not, name that column «Valor venta»;',
    },
    {
      es: 'elija para esa columna, con el botón «Columnas», «Valor unitario con IGV» si el importe incluye el IGV, o «Valor unitario» si no lo incluye;',
      en: 'choose for that column, with the «Columnas» button, «Valor unitario con IGV» if the amount includes IGV, or «Valor unitario» if it does not;',
    },
  ],
  [
    { es: 'Si alguna debe usarse, indíquela con --map mapping.json.', en: 'If one should be used, name it with --map mapping.json.' },
    { es: 'Si alguna debe usarse, asígnela con el botón «Columnas».', en: 'If one should be used, assign it with the «Columnas» button.' },
  ],
  [
    { es: 'o indique cuáles usar con --map mapping.json.', en: 'or name them with --map mapping.json.' },
    { es: 'o elija cuáles usar con el botón «Columnas».', en: 'or choose them with the «Columnas» button.' },
  ],
  [
    { es: 'o indique cuál usar con --map mapping.json.', en: 'or name the one to use with --map mapping.json.' },
    { es: 'o elija cuál usar con el botón «Columnas».', en: 'or choose the one to use with the «Columnas» button.' },
  ],
  [
    { es: ' (vea «factura-import template»), o un archivo --map que las nombre.', en: ' (see «factura-import template»), or a --map file naming them.' },
    { es: ', o elija en «Columnas» qué dato tiene cada una.', en: ', or choose in «Columnas» what each one holds.' },
  ],
  [
    {
      es: 'ejecute con --tipo-registro PRECIOS_CON_IGV (en el espacio de trabajo web, elija «Valor unitario con IGV» para esa columna)',
      en: 'run with --tipo-registro PRECIOS_CON_IGV (in the web workspace, choose «Valor unitario con IGV» for that column)',
    },
    {
      es: 'elija «Valor unitario con IGV» para esa columna con el botón «Columnas»',
      en: 'choose «Valor unitario con IGV» for that column with the «Columnas» button',
    },
  ],
  [
    {
      es: 'ejecute con --tipo-registro PRECIOS_CON_IGV y se leerá como el valor unitario',
      en: 'run with --tipo-registro PRECIOS_CON_IGV and it is read as the unit value',
    },
    {
      es: 'elija para ella «Valor unitario con IGV» con el botón «Columnas»',
      en: 'choose «Valor unitario con IGV» for it with the «Columnas» button',
    },
  ],
  [
    { es: 'Si es así, use --tipo-registro PRECIOS_CON_IGV;', en: 'If so, use --tipo-registro PRECIOS_CON_IGV;' },
    {
      es: 'Si es así, elija «Valor unitario con IGV» para la columna del precio con el botón «Columnas»;',
      en: 'If so, choose «Valor unitario con IGV» for the price column with the «Columnas» button;',
    },
  ],
  [
    { es: 'Si es así, use --tipo-registro PRECIOS_SIN_IGV.', en: 'If so, use --tipo-registro PRECIOS_SIN_IGV.' },
    {
      es: 'Si es así, elija «Valor unitario» (sin IGV) para la columna del precio con el botón «Columnas».',
      en: 'If so, choose «Valor unitario» (without IGV) for the price column with the «Columnas» button.',
    },
  ],
  [
    { es: ', o use la opción --merge-split para unirlas.', en: ', or use the --merge-split option to merge them.' },
    { es: ' en Excel y suba la hoja de nuevo.', en: ' in Excel and upload the sheet again.' },
  ],
  [
    { es: ' o con formato de fecha, o indique --fechas MM/DD.', en: ' or with a date format, or pass --fechas MM/DD.' },
    { es: ' o con formato de fecha, y suba la hoja de nuevo.', en: ' or with a date format, and upload the sheet again.' },
  ],
  [
    { es: 'Para leer otra, use --sheet.', en: 'To read another, use --sheet.' },
    {
      es: 'Para leer otra, suba el libro de nuevo y elíjala entre sus hojas.',
      en: 'To read another, upload the workbook again and choose it among its sheets.',
    },
  ],
  [
    { es: 'Muestre la hoja con las ventas o elíjala con --sheet.', en: 'Unhide the sheet with the sales or choose it with --sheet.' },
    { es: 'Muestre la hoja con las ventas en Excel y suba el archivo de nuevo.', en: 'Unhide the sheet with the sales in Excel and upload the file again.' },
  ],
  // The page cannot change the configuration file: what it offers is to correct the cell, and to remember the change.
  [
    {
      es: ' Si el servicio acepta otra unidad, agréguela a las unidades del archivo de configuración.',
      en: ' If the service takes another unit, add it to the units of the configuration file.',
    },
    {
      es: ' Corrija la celda con una unidad de esta lista (doble clic sobre ella, o «Buscar y reemplazar» para toda la columna): la página le ofrecerá recordar el cambio («Recordar para las próximas hojas») para que las próximas hojas lo hagan solas.',
      en: ' Correct the cell with a unit of this list (double-click it, or «Buscar y reemplazar» for the whole column): the page offers to remember the change («Recordar para las próximas hojas») so the next sheets make it by themselves.',
    },
  ],
];

/** Some text each command-line remedy holds: a message without any has none to reword (most messages: the check is skipped). */
const REMEDY_MARKS: readonly string[] = ['--', 'archivo de configuración', 'configuration file', 'archivo de mapeo', 'mapping file'];
const mayHoldRemedy = (text: string): boolean => REMEDY_MARKS.some((mark) => text.includes(mark));

/**
 * Remedies that carry a part of the message (a mapping file's example, with the sheet's own header
 * in it), as patterns: the workspace's user chooses the column on the page and writes no JSON.
 * Checked like WORKSPACE_REMEDIES (test/i18n/workspace-wording.test.ts).
 */
export const WORKSPACE_REMEDY_PATTERNS: readonly (readonly [{ readonly es: RegExp; readonly en: RegExp }, LocalizedText])[] = [
  [
    {
      es: /indíquelo en un archivo de mapeo \(--map mapping\.json\) con el nombre de la columna y el encabezado de la hoja, por ejemplo \{"\w+": ".*?"\}\./u,
      en: /say so in a mapping file \(--map mapping\.json\) with the column's name and the sheet's header, for example \{"\w+": ".*?"\}\./u,
    },
    { es: 'asígnela con el botón «Columnas».', en: 'assign it with the «Columnas» button.' },
  ],
];

/**
 * Whom a run's messages speak to. 'command-line' (the default): a remedy is a flag of the command
 * line. 'workspace': what to do in the web workspace instead (WORKSPACE_REMEDIES).
 */
export type Wording = 'command-line' | 'workspace';

/** How a text reaches its reader: the wording, and the name the user knows the file by in place of its path. */
export interface UserTerms {
  readonly wording?: Wording;
  /** The file's path as the run reads it (an upload stored under a generated name)… */
  readonly path?: string;
  /** …and the name its user knows it by, written «name» where the path was. */
  readonly fileName?: string;
}

/**
 * A message as the user reads it: the file's path becomes «the name they know it by», and in the
 * workspace's wording a remedy given as a command-line flag becomes what to do there. Pure; a text
 * already in those terms comes back unchanged.
 */
export function inUserTerms(text: LocalizedText, terms: UserTerms): LocalizedText {
  let { es, en } = text;
  if (terms.wording === 'workspace' && (mayHoldRemedy(es) || mayHoldRemedy(en))) {
    for (const [cli, workspace] of [...WORKSPACE_REMEDY_PATTERNS, ...WORKSPACE_REMEDIES]) {
      es = es.replace(cli.es, workspace.es);
      en = en.replace(cli.en, workspace.en);
    }
  }
  const { path, fileName } = terms;
  if (path !== undefined && fileName !== undefined && (es.includes(path) || en.includes(path))) {
    es = es.replaceAll(path, `«${fileName}»`);
    en = en.replaceAll(path, `«${fileName}»`);
  }
  return es === text.es && en === text.en ? text : { es, en };
}
