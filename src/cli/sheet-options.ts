import type { Argv } from 'yargs';
import type { Say } from './cli-command.js';
import type { GlobalArgs } from './cli-context.js';

/** Flags shared by `validate` and `submit`: how to read the sheet, the issuer, outputs. */
export function withSheetOptions(y: Argv<GlobalArgs>, say: Say): Argv<SheetArgs> {
  return y
    .positional('file', { type: 'string', demandOption: true, describe: say('Hoja de ventas (.xlsx o .csv)', 'Sales sheet (.xlsx or .csv)') })
    .option('sheet', { type: 'string', describe: say('XLSX: la hoja a leer (por omisión: la primera visible)', 'XLSX: the sheet to read (default: the first visible one)') })
    .option('encoding', {
      choices: ['utf-8', 'windows-1252'] as const,
      describe: say('CSV: fuerza la codificación del texto (por omisión: detectada)', 'CSV: force the text encoding (default: detected)'),
    })
    .option('delimiter', {
      choices: [',', ';', 'tab'] as const,
      describe: say('CSV: fuerza el separador (por omisión: detectado)', 'CSV: force the delimiter (default: detected)'),
    })
    .option('decimal-comma', {
      type: 'boolean',
      describe: say('Los números usan coma decimal (1.234,56); por omisión: detectado', 'Numbers use a decimal comma (1.234,56); default: detected'),
    })
    .option('map', {
      type: 'string',
      describe: say('Archivo JSON de mapeo: columna → texto del encabezado de su hoja', "JSON mapping file: canonical column → the sheet's header text"),
    })
    .option('merge-split', {
      type: 'boolean',
      default: false,
      describe: say('Une una factura cuyas filas no están seguidas (memoria acotada)', 'Merge an invoice whose rows are not contiguous (buffers, bounded)'),
    })
    .option('out', {
      type: 'string',
      describe: say('Libro de resultados (por omisión: <entrada>.resultados.xlsx junto a la hoja)', 'Results workbook path (default: <input>.resultados.xlsx beside the input)'),
    })
    .option('json', { type: 'boolean', default: false, describe: say('Imprime el resumen como JSON', 'Print the summary as JSON on stdout') })
    .option('emisor-ruc', { type: 'string', describe: say('RUC del emisor (por omisión: configuración, o FACTURA_RUC)', 'Issuer RUC (default: config file, else FACTURA_RUC)') })
    .option('emisor-nombre', {
      type: 'string',
      describe: say('Razón social del emisor (por omisión: configuración, o la del login)', "Issuer legal name (default: config file, else the login's razonSocial)"),
    })
    .option('emisor-nombre-comercial', { type: 'string', describe: say('Nombre comercial del emisor', 'Issuer trade name') })
    .option('emisor-correo', {
      type: 'string',
      describe: say('Correo del emisor (por omisión: configuración, o FACTURA_MAIL)', 'Issuer e-mail (default: config file, else FACTURA_MAIL)'),
    })
    .option('issuer', {
      type: 'string',
      describe: say(
        'Solo las facturas de este emisor (RUC); las de otros emisores quedan fuera de esta ejecución',
        "Only this issuer's invoices (RUC); the other issuers' are left out of this run",
      ),
    })
    .option('tipo-registro', {
      choices: ['PRECIOS_SIN_IGV', 'PRECIOS_CON_IGV'] as const,
      describe: say('Los valores unitarios excluyen (por omisión) o incluyen el IGV', 'Unit values exclude (default) or include IGV'),
    }) as unknown as Argv<SheetArgs>;
}

/** The parsed flags (yargs gives each kebab-case flag its camel-case name too). */
export interface SheetArgs {
  readonly file: string;
  readonly sheet?: string;
  readonly encoding?: 'utf-8' | 'windows-1252';
  readonly delimiter?: ',' | ';' | 'tab';
  readonly decimalComma?: boolean;
  readonly map?: string;
  readonly mergeSplit: boolean;
  readonly out?: string;
  readonly json: boolean;
  readonly emisorRuc?: string;
  readonly emisorNombre?: string;
  readonly emisorNombreComercial?: string;
  readonly emisorCorreo?: string;
  readonly tipoRegistro?: 'PRECIOS_SIN_IGV' | 'PRECIOS_CON_IGV';
  readonly issuer?: string;
}
