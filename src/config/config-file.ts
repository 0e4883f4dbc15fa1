import { z } from 'zod';
import { FacturaError } from '../factura-error.js';
import { readJsonFile } from '../read-json-file.js';
import { configIssueText } from './config-issue-text.js';
import { localized } from '../i18n/localized-text.js';
import { CATALOGUE_NAMES } from '../invoice/catalogues.js';
import { COLUMN_NAMES } from '../invoice/canonical-columns.js';
import { TIPOS_REGISTRO } from '../invoice/compute-totals.js';

/**
 * One issuer's profile under `emisores` (accounting firms): the data its documents need and its own
 * defaults, catalogue extensions and mapping. Strict, so a password or an e-mail login cannot sit
 * in the file by mistake: credentials come from the environment or the credentials file only.
 */
export const issuerProfileSchema = z
  .object({
    nombreLegal: z.string().min(1).max(100).optional(),
    nombreComercial: z.string().min(1).max(100).optional(),
    correo: z.email().optional(),
    defaults: z.partialRecord(z.enum(COLUMN_NAMES), z.string()).optional(),
    catalogues: z.partialRecord(z.enum(CATALOGUE_NAMES), z.array(z.string().min(1))).optional(),
    /** Used when a run is restricted to this issuer (`--issuer`): a sheet has one header row. */
    mapping: z.partialRecord(z.enum(COLUMN_NAMES), z.string().min(1)).optional(),
  })
  .strict();

export type IssuerProfileConfig = z.infer<typeof issuerProfileSchema>;

/** The optional JSON config file: issuer data, fixed document options, defaults, catalogue extensions. */
export const configFileSchema = z
  .object({
    emisor: z
      .object({
        ruc: z.string().regex(/^\d{11}$/),
        nombreLegal: z.string().min(1).max(100),
        nombreComercial: z.string().min(1).max(100).optional(),
        correo: z.email().optional(),
      })
      .strict()
      .optional(),
    emisores: z.record(z.string().regex(/^\d{11}$/), issuerProfileSchema).optional(),
    close2u: z
      .object({
        tipoIntegracion: z.string().optional(),
        tipoPlantilla: z.string().optional(),
        tipoRegistro: z.enum(TIPOS_REGISTRO).optional(),
      })
      .strict()
      .optional(),
    defaults: z.partialRecord(z.enum(COLUMN_NAMES), z.string()).optional(),
    catalogues: z.partialRecord(z.enum(CATALOGUE_NAMES), z.array(z.string().min(1))).optional(),
    mapping: z.partialRecord(z.enum(COLUMN_NAMES), z.string().min(1)).optional(),
    concurrency: z.number().int().min(1).max(64).optional(),
    maxAttempts: z.number().int().min(1).max(20).optional(),
    lang: z.enum(['es', 'en']).optional(),
  })
  .strict();

export type ConfigFile = z.infer<typeof configFileSchema>;

export async function loadConfigFile(path: string): Promise<ConfigFile> {
  return parseConfig(await readJsonFile(path, localized('El archivo de configuración', 'The config file')), path);
}

/**
 * Checks a configuration object (read from a file, or handed to the library by a program);
 * `source` names it in the message: a file path, or «las opciones» for a program's object.
 */
export function parseConfig(json: unknown, source: string): ConfigFile {
  // The input is reported to tell a missing value from one of the wrong kind; it is never shown.
  const parsed = configFileSchema.safeParse(json, { reportInput: true });
  if (!parsed.success) {
    const said = parsed.error.issues.map((i) => ({ where: i.path.join('.'), text: configIssueText(i) }));
    const es = said.map((i) => `${i.where || '(raíz)'}: ${i.text.es}`).join('; ');
    const en = said.map((i) => `${i.where || '(root)'}: ${i.text.en}`).join('; ');
    throw new FacturaError('CONFIG', localized(`Configuración inválida en ${source}: ${es}`, `Invalid configuration in ${source}: ${en}`));
  }
  return parsed.data;
}
