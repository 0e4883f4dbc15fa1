import type { Argv } from 'yargs';
import type { Lang } from '../i18n/localized-text.js';
import { localized } from '../i18n/localized-text.js';
import type { GlobalArgs } from './cli-context.js';

/**
 * How to read a sheet: the flags of every command that reads one (`validate`, `submit`, `issuers`),
 * so that a sheet read one way by one is read the same way by the others.
 */
export function withReadOptions<T extends GlobalArgs>(y: Argv<T>, lang: Lang): Argv<T & ReadArgs> {
  return y
    .option('sheet', {
      type: 'string',
      describe: localized(
        'Libros: la hoja a leer (por omisión: la primera visible con fila de encabezados)',
        'Workbooks: the sheet to read (default: the first visible one with a header row)',
      )[lang],
    })
    .option('encoding', {
      choices: ['utf-8', 'windows-1252'] as const,
      describe: localized('CSV: fuerza la codificación del texto (por omisión: detectada)', 'CSV: force the text encoding (default: detected)')[lang],
    })
    .option('delimiter', {
      choices: [',', ';', 'tab'] as const,
      describe: localized('CSV: fuerza el separador (por omisión: detectado)', 'CSV: force the delimiter (default: detected)')[lang],
    })
    .option('decimal-comma', {
      type: 'boolean',
      describe: localized('Los números usan coma decimal (1.234,56); por omisión: detectado', 'Numbers use a decimal comma (1.234,56); default: detected')[
        lang
      ],
    })
    .option('fechas', {
      choices: ['DD/MM', 'MM/DD'] as const,
      describe: localized(
        'Cómo están escritas las fechas de texto: día primero (DD/MM, como en Perú) o mes primero (MM/DD); por omisión: día primero, o mes primero si las primeras filas lo muestran',
        'How text dates are written: day first (DD/MM, Peru) or month first (MM/DD); default: day first, or month first when the first rows show it',
      )[lang],
    })
    .option('map', {
      type: 'string',
      describe: localized(
        'Archivo JSON de mapeo: columna → texto del encabezado de su hoja (y "tipoRegistro" si el valor unitario incluye el IGV)',
        'JSON mapping file: canonical column → the sheet\'s header text (and "tipoRegistro" when the unit value includes IGV)',
      )[lang],
    })
    .option('incluir-ocultas', {
      type: 'boolean',
      describe: localized(
        'Lee también las filas que la hoja oculta o filtra (por omisión se dejan fuera, con una nota que las nombra)',
        'Read the rows the sheet hides or filters out (default: left out, with a note naming them)',
      )[lang],
    })
    .option('merge-split', {
      type: 'boolean',
      default: false,
      describe: localized(
        'Une una factura cuyas filas no están seguidas (memoria acotada)',
        'Merge an invoice whose rows are not contiguous (buffers, bounded)',
      )[lang],
    })
    .option('tipo-registro', {
      choices: ['PRECIOS_SIN_IGV', 'PRECIOS_CON_IGV'] as const,
      describe: localized('Los valores unitarios excluyen (por omisión) o incluyen el IGV', 'Unit values exclude (default) or include IGV')[lang],
    }) as unknown as Argv<T & ReadArgs>;
}

/** Flags shared by `validate` and `submit`: the sheet and how to read it, the issuer, outputs. */
export function withSheetOptions(y: Argv<GlobalArgs>, lang: Lang): Argv<SheetArgs> {
  return withReadOptions(
    y.positional('file', {
      type: 'string',
      demandOption: true,
      describe: localized(
        'Hoja de ventas (.xlsx, .xls, .ods, .csv o texto separado por tabulaciones)',
        'Sales sheet (.xlsx, .xls, .ods, .csv or tab-separated text)',
      )[lang],
    }),
    lang,
  )
    .option('out', {
      type: 'string',
      describe: localized(
        'Libro de resultados (por omisión: <entrada>.resultados.xlsx junto a la hoja); el archivo para corregir se guarda a su lado',
        'Results workbook path (default: <input>.resultados.xlsx beside the input); the file to fix is written beside it',
      )[lang],
    })
    .option('json', { type: 'boolean', default: false, describe: localized('Imprime el resumen como JSON', 'Print the summary as JSON on stdout')[lang] })
    .option('emisor-ruc', {
      type: 'string',
      describe: localized('RUC del emisor (por omisión: configuración, o FACTURA_RUC)', 'Issuer RUC (default: config file, else FACTURA_RUC)')[lang],
    })
    .option('emisor-nombre', {
      type: 'string',
      describe: localized(
        'Razón social del emisor (por omisión: configuración, o la del login)',
        "Issuer legal name (default: config file, else the login's razonSocial)",
      )[lang],
    })
    .option('emisor-nombre-comercial', { type: 'string', describe: localized('Nombre comercial del emisor', 'Issuer trade name')[lang] })
    .option('emisor-correo', {
      type: 'string',
      describe: localized('Correo del emisor (por omisión: configuración, o FACTURA_MAIL)', 'Issuer e-mail (default: config file, else FACTURA_MAIL)')[lang],
    })
    .option('issuer', {
      type: 'string',
      describe: localized(
        'Solo las facturas de este emisor (RUC); las de otros emisores quedan fuera de esta ejecución',
        "Only this issuer's invoices (RUC); the other issuers' are left out of this run",
      )[lang],
    }) as unknown as Argv<SheetArgs>;
}

/** The parsed reading flags (yargs gives each kebab-case flag its camel-case name too). */
export interface ReadArgs {
  readonly sheet?: string;
  readonly encoding?: 'utf-8' | 'windows-1252';
  readonly delimiter?: ',' | ';' | 'tab';
  readonly decimalComma?: boolean;
  readonly fechas?: 'DD/MM' | 'MM/DD';
  readonly map?: string;
  readonly mergeSplit: boolean;
  readonly incluirOcultas?: boolean;
  readonly tipoRegistro?: 'PRECIOS_SIN_IGV' | 'PRECIOS_CON_IGV';
}

/** The parsed flags of `validate` and `submit`. */
export interface SheetArgs extends ReadArgs {
  readonly file: string;
  readonly out?: string;
  readonly json: boolean;
  readonly emisorRuc?: string;
  readonly emisorNombre?: string;
  readonly emisorNombreComercial?: string;
  readonly emisorCorreo?: string;
  readonly issuer?: string;
}
