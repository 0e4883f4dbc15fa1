import type { LocalizedText } from './i18n/localized-text.js';
import { localized } from './i18n/localized-text.js';

/**
 * Whom a run's messages speak to, which decides how a message says what to do (its remedy):
 * 'library' (the default): a program, told the option it passes (`encoding`, `mapping`…);
 * 'command-line': its flags (`--encoding`, `--map`…); 'workspace': what to do in the web
 * workspace (save in Excel and upload again, the «Columnas» button).
 */
export type Wording = 'library' | 'command-line' | 'workspace';

/** One remedy as each audience is told it. */
type Said<T = LocalizedText> = Readonly<Record<Wording, T>>;

const said = (library: LocalizedText, commandLine: LocalizedText, workspace: LocalizedText): Said => ({
  library,
  'command-line': commandLine,
  workspace,
});

/**
 * What the sheet-reading messages tell their reader to do, one entry per remedy, in each
 * audience's words. A message is written once; only its remedy is chosen, where the message is
 * built, from the run's wording (ValueNames does the same for the names of a run's values). Each
 * is a phrase of its message as written there: a sentence, or the part of one the message leaves to it.
 */
export const REMEDIES = {
  /** A CSV read as Windows-1252 (detected): if that was wrong, choose the encoding. */
  encoding: said(
    localized('Si ve letras raras, indique la codificación con la opción `encoding`.', 'If letters look wrong, set the encoding with the `encoding` option.'),
    localized('Si ve letras raras, use --encoding.', 'If letters look wrong, use --encoding.'),
    localized(
      'Si ve letras raras, guárdelo en Excel como «CSV UTF-8 (delimitado por comas)» y súbalo de nuevo.',
      'If letters look wrong, save it in Excel as «CSV UTF-8 (comma delimited)» and upload it again.',
    ),
  ),
  /** A CSV that is not valid UTF-8 past the bytes the detection read. */
  excelCsvEncoding: said(
    localized(
      'Si lo guardó Excel como "CSV", pruebe con la opción `encoding: \'windows-1252\'`.',
      'If Excel saved it as "CSV", try the option `encoding: \'windows-1252\'`.',
    ),
    localized('Si lo guardó Excel como "CSV", pruebe con --encoding windows-1252.', 'If Excel saved it as "CSV", try --encoding windows-1252.'),
    localized(
      'Guárdelo en Excel como «CSV UTF-8 (delimitado por comas)» y súbalo de nuevo.',
      'Save it in Excel as «CSV UTF-8 (comma delimited)» and upload it again.',
    ),
  ),
  /** Rows the sheet hides, not read: it follows «muéstrelas (o quite el filtro)» / «Muestre esas filas». */
  includeHidden: said(
    localized(' o use la opción `includeHidden`.', ' or use the `includeHidden` option.'),
    localized(' o use --incluir-ocultas.', ' or use --incluir-ocultas.'),
    localized(' en Excel y suba la hoja de nuevo.', ' in Excel and upload the sheet again.'),
  ),
  /** A hidden row read because the caller asked: it follows «se lee porque». */
  includeHiddenGiven: said(
    localized('se indicó la opción `includeHidden`.', 'the `includeHidden` option was given.'),
    localized('se indicó --incluir-ocultas.', '--incluir-ocultas was given.'),
    localized('se pidió leer las filas ocultas.', 'reading the hidden rows was asked for.'),
  ),
  /** A number either decimal convention reads. */
  decimalComma: said(
    localized(
      'Indique la opción `decimalComma` (true o false), o escriba el número sin separador de miles.',
      'Set the `decimalComma` option (true or false), or write the number without a thousands separator.',
    ),
    localized(
      'Indique --decimal-comma o --no-decimal-comma, o escriba el número sin separador de miles.',
      'Pass --decimal-comma or --no-decimal-comma, or write the number without a thousands separator.',
    ),
    localized('Escriba el número sin separador de miles.', 'Write the number without a thousands separator.'),
  ),
  /** A mapped header the header row lacks, as a line of the missing columns: it precedes the header. */
  mappedHeaderAbsent: said(
    localized('la asignación de columnas (mapping) indica ', 'the column mapping (mapping) names '),
    localized('el archivo de mapeo indica ', 'the mapping file names '),
    localized('se eligió la columna ', 'the column chosen is '),
  ),
  /** An optional column mapped to a header the header row lacks: it opens the message. */
  mappingAssigns: said(
    localized('La asignación de columnas (mapping) asigna ', 'The column mapping (mapping) assigns '),
    localized('El archivo de mapeo asigna ', 'The mapping file assigns '),
    localized('En «Columnas» se asignó ', 'The «Columnas» step assigns '),
  ),
  /** Columns no known column matches, ignored. */
  useUnknownColumn: said(
    localized('Si alguna debe usarse, asígnela con la opción `mapping`.', 'If one should be used, assign it with the `mapping` option.'),
    localized('Si alguna debe usarse, indíquela con --map mapping.json.', 'If one should be used, name it with --map mapping.json.'),
    localized('Si alguna debe usarse, asígnela con el botón «Columnas».', 'If one should be used, assign it with the «Columnas» button.'),
  ),
  /** Required columns missing: it follows «Agregue las columnas, renómbrelas». */
  chooseColumns: said(
    localized('o indique cuáles usar con la opción `mapping`.', 'or name them with the `mapping` option.'),
    localized('o indique cuáles usar con --map mapping.json.', 'or name them with --map mapping.json.'),
    localized('o elija cuáles usar con el botón «Columnas».', 'or choose them with the «Columnas» button.'),
  ),
  /** A header of two rows, read as one: if a column was read as another. */
  twoRowHeader: said(
    localized('Si alguna columna no es lo indicado, indíquelo con la opción `mapping`.', 'If a column is not what is said, name it with the `mapping` option.'),
    localized('Si alguna columna no es lo indicado, indíquelo con --map mapping.json.', 'If a column is not what is said, name it with --map mapping.json.'),
    localized(
      'Si alguna columna no es lo indicado, corríjala con el botón «Columnas».',
      'If a column is not what is said, correct it with the «Columnas» button.',
    ),
  ),
  /** Two columns for one: it follows «Deje solo una, renombre la otra». */
  chooseColumn: said(
    localized('o indique cuál usar con la opción `mapping`.', 'or name the one to use with the `mapping` option.'),
    localized('o indique cuál usar con --map mapping.json.', 'or name the one to use with --map mapping.json.'),
    localized('o elija cuál usar con el botón «Columnas».', 'or choose the one to use with the «Columnas» button.'),
  ),
  /** No header row: it follows «Se esperan columnas como serie, numero…». */
  headerNotFound: said(
    localized(', o la opción `mapping` que las nombre.', ', or a `mapping` option naming them.'),
    localized(' (vea «factura-import template»), o un archivo --map que las nombre.', ' (see «factura-import template»), or a --map file naming them.'),
    localized(', o elija en «Columnas» qué dato tiene cada una.', ', or choose in «Columnas» what each one holds.'),
  ),
  /** Each line's total with IGV, without quantity nor unit value: what makes each line one unit at that price. */
  lineTotalAsUnit: said(
    localized(
      "indique la opción `tipoRegistro: 'PRECIOS_CON_IGV'` y cada línea se leerá como 1 unidad a ese precio con IGV",
      "set the option `tipoRegistro: 'PRECIOS_CON_IGV'` and each line is read as 1 unit at that price with IGV",
    ),
    localized(
      'ejecute con --tipo-registro PRECIOS_CON_IGV y cada línea se leerá como 1 unidad a ese precio con IGV (en el espacio de trabajo web, elija «Valor unitario con IGV» para esa columna)',
      'run with --tipo-registro PRECIOS_CON_IGV and each line is read as 1 unit at that price with IGV (in the web workspace, choose «Valor unitario con IGV» for that column)',
    ),
    localized(
      'elija «Valor unitario con IGV» para esa columna con el botón «Columnas» y cada línea se leerá como 1 unidad a ese precio con IGV',
      'choose «Valor unitario con IGV» for that column with the «Columnas» button and each line is read as 1 unit at that price with IGV',
    ),
  ),
  /** Each line's amount, with IGV or without: how to say which. */
  lineAmountAsUnit: said(
    localized(
      "si el importe incluye el IGV, indique la opción `tipoRegistro: 'PRECIOS_CON_IGV'`; si no lo incluye, llame a esa columna «Valor venta»;",
      "if the amount includes IGV, set the option `tipoRegistro: 'PRECIOS_CON_IGV'`; if it does not, name that column «Valor venta»;",
    ),
    localized(
      'si el importe incluye el IGV, ejecute con --tipo-registro PRECIOS_CON_IGV; si no lo incluye, llame a esa columna «Valor venta»;',
      'if the amount includes IGV, run with --tipo-registro PRECIOS_CON_IGV; if it does not, name that column «Valor venta»;',
    ),
    localized(
      'elija para esa columna, con el botón «Columnas», «Valor unitario con IGV» si el importe incluye el IGV, o «Valor unitario» si no lo incluye;',
      'choose for that column, with the «Columnas» button, «Valor unitario con IGV» if the amount includes IGV, or «Valor unitario» if it does not;',
    ),
  ),
  /** A unit value read without IGV that may include it: what reads it with IGV. */
  pricesWithIgv: said(
    localized("indique la opción `tipoRegistro: 'PRECIOS_CON_IGV'`", "set the option `tipoRegistro: 'PRECIOS_CON_IGV'`"),
    localized(
      'ejecute con --tipo-registro PRECIOS_CON_IGV (en el espacio de trabajo web, elija «Valor unitario con IGV» para esa columna)',
      'run with --tipo-registro PRECIOS_CON_IGV (in the web workspace, choose «Valor unitario con IGV» for that column)',
    ),
    localized(
      'elija «Valor unitario con IGV» para esa columna con el botón «Columnas»',
      'choose «Valor unitario con IGV» for that column with the «Columnas» button',
    ),
  ),
  /** A price with IGV where the unit value is missing: what reads it as the unit value. */
  priceWithIgvAsUnitValue: said(
    localized(
      "indique la opción `tipoRegistro: 'PRECIOS_CON_IGV'` y se leerá como el valor unitario",
      "set the option `tipoRegistro: 'PRECIOS_CON_IGV'` and it is read as the unit value",
    ),
    localized(
      'ejecute con --tipo-registro PRECIOS_CON_IGV y se leerá como el valor unitario',
      'run with --tipo-registro PRECIOS_CON_IGV and it is read as the unit value',
    ),
    localized('elija para ella «Valor unitario con IGV» con el botón «Columnas»', 'choose «Valor unitario con IGV» for it with the «Columnas» button'),
  ),
  /** The sheet's total is the lines' with IGV, read without. */
  totalSaysWithIgv: said(
    localized("Si es así, indique la opción `tipoRegistro: 'PRECIOS_CON_IGV'`;", "If so, set the option `tipoRegistro: 'PRECIOS_CON_IGV'`;"),
    localized('Si es así, use --tipo-registro PRECIOS_CON_IGV;', 'If so, use --tipo-registro PRECIOS_CON_IGV;'),
    localized(
      'Si es así, elija «Valor unitario con IGV» para la columna del precio con el botón «Columnas»;',
      'If so, choose «Valor unitario con IGV» for the price column with the «Columnas» button;',
    ),
  ),
  /** The sheet's total is the lines' without IGV, read with. */
  totalSaysWithoutIgv: said(
    localized("Si es así, indique la opción `tipoRegistro: 'PRECIOS_SIN_IGV'`.", "If so, set the option `tipoRegistro: 'PRECIOS_SIN_IGV'`."),
    localized('Si es así, use --tipo-registro PRECIOS_SIN_IGV.', 'If so, use --tipo-registro PRECIOS_SIN_IGV.'),
    localized(
      'Si es así, elija «Valor unitario» (sin IGV) para la columna del precio con el botón «Columnas».',
      'If so, choose «Valor unitario» (without IGV) for the price column with the «Columnas» button.',
    ),
  ),
  /** An invoice whose rows come back: it follows «ordene la hoja por serie y número». */
  mergeSplit: said(
    localized(', o use la opción `mergeSplit` para unirlas.', ', or use the `mergeSplit` option to merge them.'),
    localized(', o use la opción --merge-split para unirlas.', ', or use the --merge-split option to merge them.'),
    localized(' en Excel y suba la hoja de nuevo.', ' in Excel and upload the sheet again.'),
  ),
  /** Merging split invoices, as the caller asked for it: it follows «así no hace falta unir nada ni». */
  mergeSplitGiven: said(
    localized('la opción `mergeSplit`', 'the `mergeSplit` option'),
    localized('usar --merge-split', '--merge-split'),
    localized('unir las facturas separadas', 'merging split invoices'),
  ),
  /** A date only month first reads: it follows «guarde las fechas como DD/MM/AAAA». */
  dateOrder: said(
    localized(
      " o con formato de fecha, o indique la opción `dateOrder: 'month-first'`.",
      " or with a date format, or set the option `dateOrder: 'month-first'`.",
    ),
    localized(' o con formato de fecha, o indique --fechas MM/DD.', ' or with a date format, or pass --fechas MM/DD.'),
    localized(' o con formato de fecha, y suba la hoja de nuevo.', ' or with a date format, and upload the sheet again.'),
  ),
  /** The workbook's other sheets, not read. */
  otherSheet: said(
    localized('Para leer otra, use la opción `sheet`.', 'To read another, use the `sheet` option.'),
    localized('Para leer otra, use --sheet.', 'To read another, use --sheet.'),
    localized(
      'Para leer otra, suba el libro de nuevo y elíjala entre sus hojas.',
      'To read another, upload the workbook again and choose it among its sheets.',
    ),
  ),
  /** A hidden sheet read because the caller named it: it follows «se lee porque». */
  sheetAskedFor: said(
    localized('se pidió con la opción `sheet`.', 'the `sheet` option asked for it.'),
    localized('se pidió con --sheet.', '--sheet asked for it.'),
    localized('se eligió entre las hojas del libro.', 'it was chosen among the workbook’s sheets.'),
  ),
  /** A workbook whose sheets are all hidden. */
  hiddenSheets: said(
    localized('Muestre la hoja con las ventas o elíjala con la opción `sheet`.', 'Unhide the sheet with the sales or choose it with the `sheet` option.'),
    localized('Muestre la hoja con las ventas o elíjala con --sheet.', 'Unhide the sheet with the sales or choose it with --sheet.'),
    localized('Muestre la hoja con las ventas en Excel y suba el archivo de nuevo.', 'Unhide the sheet with the sales in Excel and upload the file again.'),
  ),
  /** A unit the catalogue does not know. The page cannot change the configuration: it offers to correct the cell, and to remember the change. */
  units: said(
    localized(
      ' Si el servicio acepta otra unidad, agréguela a config.catalogues.unidadMedida.',
      ' If the service takes another unit, add it to config.catalogues.unidadMedida.',
    ),
    localized(
      ' Si el servicio acepta otra unidad, agréguela a las unidades del archivo de configuración.',
      ' If the service takes another unit, add it to the units of the configuration file.',
    ),
    localized(
      ' Corrija la celda con una unidad de esta lista (doble clic sobre ella, o «Buscar y reemplazar» para toda la columna): la página le ofrecerá recordar el cambio («Recordar para las próximas hojas») para que las próximas hojas lo hagan solas.',
      ' Correct the cell with a unit of this list (double-click it, or «Buscar y reemplazar» for the whole column): the page offers to remember the change («Recordar para las próximas hojas») so the next sheets make it by themselves.',
    ),
  ),
} as const satisfies Readonly<Record<string, Said>>;

export type RemedyName = keyof typeof REMEDIES;

/** Several sheets could be the one meant: which to read, with one of them as the example. */
export function chooseSheetRemedy(example: string, wording: Wording = 'library'): LocalizedText {
  return {
    library: localized(
      `Indique cuál leer con la opción \`sheet\`, por ejemplo sheet: "${example}".`,
      `Choose one with the \`sheet\` option, e.g. sheet: "${example}".`,
    ),
    'command-line': localized(`Indique cuál leer con --sheet, por ejemplo --sheet "${example}".`, `Choose one with --sheet, e.g. --sheet "${example}".`),
    workspace: localized(
      `Elija cuál leer entre las hojas del libro, por ejemplo "${example}".`,
      `Choose which to read among the workbook's sheets, e.g. "${example}".`,
    ),
  }[wording];
}

/**
 * A required column missing, and columns of the sheet no known column matched: how to say that
 * one of them is it, with an example naming the first missing column (`column`) and a header (`header`).
 */
export function mapMissingColumnRemedy(column: string, header: LocalizedText, wording: Wording = 'library'): LocalizedText {
  return {
    library: localized(
      `indíquelo en la opción \`mapping\` con el nombre de la columna y el encabezado de la hoja, por ejemplo { ${column}: "${header.es}" }.`,
      `say so in the \`mapping\` option with the column's name and the sheet's header, for example { ${column}: "${header.en}" }.`,
    ),
    'command-line': localized(
      `indíquelo en un archivo de mapeo (--map mapping.json) con el nombre de la columna y el encabezado de la hoja, por ejemplo {"${column}": "${header.es}"}.`,
      `say so in a mapping file (--map mapping.json) with the column's name and the sheet's header, for example {"${column}": "${header.en}"}.`,
    ),
    workspace: localized('asígnela con el botón «Columnas».', 'assign it with the «Columnas» button.'),
  }[wording];
}

/**
 * Columns headed alike: how to say which is which, with an example naming each by its header and
 * its letter (`example`, written as a mapping file's JSON). The workspace's user does it on its columns step.
 */
export function sayWhichIsWhichRemedy(example: LocalizedText, wording: Wording = 'library'): LocalizedText {
  return {
    library: localized(
      `Indique cuál es cuál en la opción \`mapping\`, que nombre cada una por su encabezado y su letra, por ejemplo ${example.es}.`,
      `Say which is which in the \`mapping\` option, naming each by its header and its letter, for example ${example.en}.`,
    ),
    'command-line': localized(
      `Indique cuál es cuál en un archivo de mapeo (--map mapping.json) que nombre cada una por su encabezado y su letra, por ejemplo ${example.es} (el espacio de trabajo web, «factura-import serve», lo prepara al elegir las columnas).`,
      `Say which is which in a mapping file (--map mapping.json) naming each by its header and its letter, for example ${example.en} (the web workspace, «factura-import serve», writes it when you choose the columns).`,
    ),
    workspace: localized('Indique cuál es cuál con el botón «Columnas».', 'Say which is which with the «Columnas» button.'),
  }[wording];
}

/** The remedy as `wording`'s audience is told it; the library's by default. */
export function remedy(name: RemedyName, wording: Wording = 'library'): LocalizedText {
  return REMEDIES[name][wording];
}
