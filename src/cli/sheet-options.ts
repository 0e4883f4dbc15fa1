import type { Argv } from 'yargs';
import type { GlobalArgs } from './cli-context.js';

/** Flags shared by `validate` and `submit`: how to read the sheet, the issuer, outputs. */
export function withSheetOptions(y: Argv<GlobalArgs>): Argv<SheetArgs> {
  return y
    .positional('file', { type: 'string', demandOption: true, describe: 'Sales sheet (.xlsx, .xls, .ods, .csv or tab-separated text)' })
    .option('sheet', { type: 'string', describe: 'Workbooks: the sheet to read (default: the first visible one with a header row)' })
    .option('encoding', { choices: ['utf-8', 'windows-1252'] as const, describe: 'CSV: force the text encoding (default: detected)' })
    .option('delimiter', { choices: [',', ';', 'tab'] as const, describe: 'CSV: force the delimiter (default: detected)' })
    .option('decimal-comma', { type: 'boolean', describe: 'Numbers use a decimal comma (1.234,56); default: detected' })
    .option('map', { type: 'string', describe: 'JSON mapping file: canonical column → the sheet\'s header text' })
    .option('incluir-ocultas', { type: 'boolean', describe: 'Read the rows the sheet hides or filters out (default: left out, with a note naming them)' })
    .option('merge-split', { type: 'boolean', default: false, describe: 'Merge an invoice whose rows are not contiguous (buffers, bounded)' })
    .option('out', { type: 'string', describe: 'Results workbook path (default: <input>.resultados.xlsx beside the input)' })
    .option('json', { type: 'boolean', default: false, describe: 'Print the summary as JSON on stdout' })
    .option('emisor-ruc', { type: 'string', describe: 'Issuer RUC (default: config file, else FACTURA_RUC)' })
    .option('emisor-nombre', { type: 'string', describe: 'Issuer legal name (default: config file, else the login\'s razonSocial)' })
    .option('emisor-nombre-comercial', { type: 'string', describe: 'Issuer trade name' })
    .option('emisor-correo', { type: 'string', describe: 'Issuer e-mail (default: config file, else FACTURA_MAIL)' })
    .option('tipo-registro', {
      choices: ['PRECIOS_SIN_IGV', 'PRECIOS_CON_IGV'] as const,
      describe: 'Unit values exclude (default) or include IGV',
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
  readonly incluirOcultas?: boolean;
  readonly out?: string;
  readonly json: boolean;
  readonly emisorRuc?: string;
  readonly emisorNombre?: string;
  readonly emisorNombreComercial?: string;
  readonly emisorCorreo?: string;
  readonly tipoRegistro?: 'PRECIOS_SIN_IGV' | 'PRECIOS_CON_IGV';
}
