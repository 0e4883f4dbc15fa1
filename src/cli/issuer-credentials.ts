import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { IssuerCredentials } from '../index.js';
import { FacturaError } from '../index.js';
import { localized } from '../i18n/localized-text.js';
import { readJsonFile } from '../read-json-file.js';

const PER_ISSUER = /^FACTURA_(MAIL|CLAVE)_(\d{11})$/;

const credentialsFileSchema = z.record(z.string().regex(/^\d{11}$/), z.object({ mail: z.string().trim().min(1), clave: z.string().min(1) }).strict());

/** The `FACTURA_MAIL_<RUC>` and `FACTURA_CLAVE_<RUC>` the environment gives (not blank), by RUC, paired or not. */
function perIssuerEnv(env: Readonly<Record<string, string | undefined>>): Map<string, { mail?: string; clave?: string }> {
  const found = new Map<string, { mail?: string; clave?: string }>();
  for (const [name, value] of Object.entries(env)) {
    const m = PER_ISSUER.exec(name);
    if (m === null || value === undefined || value.trim() === '') continue;
    const [, kind, ruc] = m as unknown as [string, 'MAIL' | 'CLAVE', string];
    const entry = found.get(ruc) ?? {};
    if (kind === 'MAIL') entry.mail = value.trim();
    else entry.clave = value;
    found.set(ruc, entry);
  }
  return found;
}

/** `FACTURA_MAIL_<RUC>` / `FACTURA_CLAVE_<RUC>` pairs of the environment, by RUC; half a pair is an error. */
function issuerCredentialsFromEnv(env: Readonly<Record<string, string | undefined>>): Record<string, IssuerCredentials> {
  const out: Record<string, IssuerCredentials> = {};
  for (const [ruc, { mail, clave }] of perIssuerEnv(env)) {
    if (mail === undefined || clave === undefined) {
      const lacking = mail === undefined ? `FACTURA_MAIL_${ruc}` : `FACTURA_CLAVE_${ruc}`;
      throw new FacturaError(
        'CONFIG',
        localized(
          `Falta la variable de entorno ${lacking}: las credenciales del emisor ${ruc} van en pareja (FACTURA_MAIL_${ruc} y FACTURA_CLAVE_${ruc}).`,
          `The environment variable ${lacking} is missing: the credentials of issuer ${ruc} go in pairs (FACTURA_MAIL_${ruc} and FACTURA_CLAVE_${ruc}).`,
        ),
      );
    }
    out[ruc] = { mail, clave };
  }
  return out;
}

/**
 * The mail of each `FACTURA_MAIL_<RUC>` of the environment, by RUC, whether or not its password is
 * given: what a dry run takes of a login (never a password).
 */
export function issuerMailsFromEnv(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [ruc, { mail }] of perIssuerEnv(env)) if (mail !== undefined) out[ruc] = mail;
  return out;
}

/**
 * The credentials file (`FACTURA_CREDENTIALS_FILE`): `{"<ruc>": {"mail": "…", "clave": "…"}}`.
 * Refused, like ssh refuses a private key, when its group or others may read it: passwords of
 * every client company must not be readable by other users of the machine. Messages never quote
 * its content.
 */
async function readCredentialsFile(path: string, platform: NodeJS.Platform = process.platform): Promise<Record<string, IssuerCredentials>> {
  let mode: number;
  try {
    mode = (await stat(path)).mode;
  } catch (cause) {
    throw new FacturaError(
      'CONFIG',
      localized(
        `No se encontró el archivo de credenciales ${path} (FACTURA_CREDENTIALS_FILE).`,
        `The credentials file ${path} (FACTURA_CREDENTIALS_FILE) was not found.`,
      ),
      { cause },
    );
  }
  if (platform !== 'win32' && (mode & 0o077) !== 0) {
    const octal = (mode & 0o777).toString(8).padStart(4, '0');
    throw new FacturaError(
      'CONFIG',
      localized(
        `El archivo de credenciales ${path} lo pueden leer otros usuarios (permisos ${octal}): solo usted debe poder leerlo. Protéjalo con «chmod 600 ${path}» y vuelva a ejecutar. No se envió nada.`,
        `The credentials file ${path} can be read by other users (mode ${octal}): only you should be able to read it. Protect it with "chmod 600 ${path}" and run again. Nothing was sent.`,
      ),
    );
  }
  const json = await readJsonFile(path, localized('El archivo de credenciales', 'The credentials file'));
  const parsed = credentialsFileSchema.safeParse(json);
  if (!parsed.success) {
    const where = [...new Set(parsed.error.issues.map((i) => i.path.join('.') || '(raíz)'))].join(', ');
    throw new FacturaError(
      'CONFIG',
      localized(
        `El archivo de credenciales ${path} no tiene la forma {"<RUC de 11 dígitos>": {"mail": "…", "clave": "…"}} (revise: ${where}).`,
        `The credentials file ${path} is not shaped {"<11-digit RUC>": {"mail": "…", "clave": "…"}} (check: ${where}).`,
      ),
    );
  }
  return parsed.data;
}

/** Where an issuer's login was found: its FACTURA_MAIL_<RUC>/FACTURA_CLAVE_<RUC> pair, or the credentials file. */
export type CredentialOrigin = 'env' | 'file';

/**
 * Logins by RUC from the environment, first found wins: FACTURA_MAIL_<RUC>/FACTURA_CLAVE_<RUC>, then
 * the credentials file; `origin` says where each was found (for `issuers`, which shows it).
 */
export async function issuerCredentials(
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): Promise<{ readonly logins: Record<string, IssuerCredentials>; readonly origin: ReadonlyMap<string, CredentialOrigin> }> {
  const fromEnv = issuerCredentialsFromEnv(env);
  const file = (env['FACTURA_CREDENTIALS_FILE'] ?? '').trim();
  const fromFile = file === '' ? {} : await readCredentialsFile(resolve(cwd, file));
  const origin = new Map<string, CredentialOrigin>([
    ...Object.keys(fromFile).map((ruc) => [ruc, 'file'] as const),
    ...Object.keys(fromEnv).map((ruc) => [ruc, 'env'] as const),
  ]);
  return { logins: { ...fromFile, ...fromEnv }, origin };
}
