import { resolve } from 'node:path';
import { localized } from '../../i18n/localized-text.js';
import { shownCount } from '../../i18n/shown-count.js';
import { listIssuers, loadConfigFile } from '../../index.js';
import type { ConfigFile, IssuerCount } from '../../index.js';
import type { CliCommand } from '../cli-command.js';
import { CLI_VALUE_NAMES } from '../cli-value-names.js';
import { issuerCredentials } from '../issuer-credentials.js';
import { withReadOptions } from '../sheet-options.js';
import type { ReadArgs } from '../sheet-options.js';
import { readRunOptions } from '../sheet-run.js';

export interface IssuersArgs extends ReadArgs {
  readonly file?: string;
  readonly json: boolean;
}

/** Where an issuer's login would come from (first found wins), never the login itself. */
type CredentialSource = 'env' | 'file' | 'default' | 'none';

interface IssuerLine {
  readonly ruc: string;
  readonly nombreLegal?: string;
  readonly inConfig: boolean;
  readonly invoices?: number;
  readonly valid?: number;
  readonly credentials: CredentialSource;
}

const SOURCE_TEXT: Readonly<Record<CredentialSource, { es: (ruc: string) => string; en: (ruc: string) => string }>> = {
  env: { es: (r) => `sí (FACTURA_MAIL_${r}/FACTURA_CLAVE_${r})`, en: (r) => `yes (FACTURA_MAIL_${r}/FACTURA_CLAVE_${r})` },
  file: { es: () => 'sí (archivo de credenciales)', en: () => 'yes (credentials file)' },
  default: { es: () => 'sí (FACTURA_RUC/FACTURA_MAIL/FACTURA_CLAVE)', en: () => 'yes (FACTURA_RUC/FACTURA_MAIL/FACTURA_CLAVE)' },
  none: { es: () => 'NO', en: () => 'NO' },
};

/**
 * `factura-import issuers [file]`: the issuers of the config file and of a sheet, with the
 * sheet's invoices per issuer and whether a login is found for each (its source, never its
 * content). Exit 1 when an issuer with valid invoices has no login, else 0.
 */
export const issuersCommand: CliCommand<IssuersArgs> = {
  command: 'issuers [file]',
  describe: localized(
    'Lista los emisores (configuración y hoja): facturas de cada uno y si hay credenciales para él',
    'List the issuers (config file and sheet): invoices of each and whether credentials are found',
  ),
  builder: (y, lang) =>
    withReadOptions(
      y.positional('file', {
        type: 'string',
        describe: localized(
          'Hoja de ventas (.xlsx, .csv…), opcional: se lee como la leen validate y submit',
          'Sales sheet (.xlsx, .csv…), optional: read as validate and submit read it',
        )[lang],
      }),
      lang,
    ).option('json', { type: 'boolean', default: false, describe: localized('Imprime la lista como JSON', 'Print the list as JSON')[lang] }) as never,
  async run(args, ctx) {
    const lang = ctx.args.lang;
    const env = ctx.io.env;
    const config: ConfigFile | undefined = ctx.args.config === undefined ? undefined : await loadConfigFile(resolve(ctx.io.cwd, ctx.args.config));
    const { origin } = await issuerCredentials(env, ctx.io.cwd);
    const defaultRuc = (env['FACTURA_RUC'] ?? '').trim();
    const defaultLogin = defaultRuc !== '' && (env['FACTURA_MAIL'] ?? '').trim() !== '' && (env['FACTURA_CLAVE'] ?? '') !== '';
    const sourceOf = (ruc: string): CredentialSource => origin.get(ruc) ?? (defaultLogin && ruc === defaultRuc ? 'default' : 'none');

    const counted: readonly IssuerCount[] =
      args.file === undefined
        ? []
        : (
            await listIssuers(resolve(ctx.io.cwd, args.file), {
              lang,
              ...(config !== undefined ? { config } : {}),
              ...(await readRunOptions(args, ctx)),
              ...(defaultRuc !== '' ? { defaultRuc } : {}),
              valueNames: CLI_VALUE_NAMES,
              logger: ctx.logger,
            })
          ).issuers;
    const names = new Map<string, string | undefined>();
    if (config?.emisor !== undefined) names.set(config.emisor.ruc, config.emisor.nombreLegal);
    for (const [ruc, p] of Object.entries(config?.emisores ?? {})) names.set(ruc, p.nombreLegal ?? names.get(ruc));
    const lines: IssuerLine[] = [];
    const seen = new Set<string>();
    for (const c of counted) {
      const ruc = c.ruc ?? '';
      seen.add(ruc);
      const nombreLegal = names.get(ruc);
      lines.push({
        ruc,
        ...(nombreLegal !== undefined ? { nombreLegal } : {}),
        inConfig: names.has(ruc),
        invoices: c.invoices,
        valid: c.valid,
        credentials: ruc === '' ? 'none' : sourceOf(ruc),
      });
    }
    for (const [ruc, nombreLegal] of names) {
      if (seen.has(ruc)) continue;
      lines.push({ ruc, ...(nombreLegal !== undefined ? { nombreLegal } : {}), inConfig: true, credentials: sourceOf(ruc) });
    }
    const lacking = lines.filter((l) => (l.valid ?? 0) > 0 && l.credentials === 'none');

    if (args.json) ctx.print(JSON.stringify(lines));
    else if (lines.length === 0) {
      ctx.print(
        lang === 'es'
          ? 'No hay emisores: ni en la configuración (emisor, emisores) ni en una hoja (indique el archivo).'
          : 'No issuers: none in the config file (emisor, emisores) nor in a sheet (name the file).',
      );
    } else {
      const es = lang === 'es';
      const header = es
        ? ['RUC emisor', 'Razón social', 'Facturas', 'Válidas', 'Credenciales']
        : ['Issuer RUC', 'Legal name', 'Invoices', 'Valid', 'Credentials'];
      const rows = lines.map((l) => [
        l.ruc === '' ? (es ? '(sin RUC)' : '(no RUC)') : l.ruc,
        l.nombreLegal ?? (l.inConfig ? '' : es ? '(no está en la configuración)' : '(not in the config file)'),
        l.invoices === undefined ? '-' : shownCount(l.invoices, lang),
        l.valid === undefined ? '-' : shownCount(l.valid, lang),
        SOURCE_TEXT[l.credentials][lang](l.ruc),
      ]);
      const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
      const fmt = (cells: readonly string[]): string =>
        cells
          .map((c, i) => c.padEnd(widths[i] ?? 0))
          .join('  ')
          .trimEnd();
      ctx.print(fmt(header));
      ctx.print(widths.map((w) => '-'.repeat(w)).join('  '));
      for (const r of rows) ctx.print(fmt(r));
      if (lacking.length > 0) {
        ctx.print('');
        ctx.print(
          es
            ? `Sin credenciales y con facturas válidas: ${lacking.map((l) => l.ruc || '(sin RUC)').join(', ')}. Indíquelas con FACTURA_MAIL_<RUC> y FACTURA_CLAVE_<RUC>, o en el archivo FACTURA_CREDENTIALS_FILE.`
            : `Without credentials and with valid invoices: ${lacking.map((l) => l.ruc || '(no RUC)').join(', ')}. Give them with FACTURA_MAIL_<RUC> and FACTURA_CLAVE_<RUC>, or in the FACTURA_CREDENTIALS_FILE file.`,
        );
      }
    }
    return lacking.length > 0 ? 1 : 0;
  },
};
