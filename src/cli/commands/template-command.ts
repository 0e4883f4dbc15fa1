import { constants } from 'node:fs';
import { copyFile, readFile } from 'node:fs/promises';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FacturaError } from '../../factura-error.js';
import { localized, render } from '../../i18n/localized-text.js';
import { writeFailure } from '../../write-failure.js';
import type { CliCommand } from '../cli-command.js';

export interface TemplateArgs {
  readonly format: 'xlsx' | 'csv' | undefined;
  readonly output: string | undefined;
  readonly force: boolean;
}

/**
 * The package root (the folder whose package.json is factura-import's), found by walking up from
 * this module, so `templates/` resolves the same from src/ (tsx) and from dist/ (built).
 */
export async function packageRoot(from: string = fileURLToPath(import.meta.url)): Promise<string> {
  let dir = dirname(from);
  for (;;) {
    try {
      const pkg = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as { name?: unknown };
      if (pkg.name === 'factura-import') return dir;
    } catch {
      // no package.json here: keep walking up
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`factura-import's package.json not found above ${from}`);
    dir = parent;
  }
}

function chooseFormat(args: TemplateArgs): 'xlsx' | 'csv' {
  const fromName = args.output === undefined ? undefined : extname(args.output).toLowerCase().slice(1);
  if (args.format !== undefined) {
    if ((fromName === 'xlsx' || fromName === 'csv') && fromName !== args.format) {
      throw new FacturaError(
        'USAGE',
        localized(
          `--format ${args.format} no coincide con el nombre ${args.output ?? ''}.`,
          `--format ${args.format} does not match the file name ${args.output ?? ''}.`,
        ),
      );
    }
    return args.format;
  }
  return fromName === 'csv' ? 'csv' : 'xlsx';
}

/** `factura-import template [--format xlsx|csv] [-o file] [--force]`: copies the committed blank template. */
export const templateCommand: CliCommand<TemplateArgs> = {
  command: 'template',
  describe: localized(
    'Escribe la plantilla en blanco (XLSX con instrucciones y listas desplegables, o CSV)',
    'Write the blank template (XLSX with instructions and drop-down lists, or CSV)',
  ),
  builder: (y, lang) =>
    y
      .option('format', {
        choices: ['xlsx', 'csv'] as const,
        describe: localized('Formato de la plantilla (por omisión: el de -o, o xlsx)', 'Template format (default: from -o, else xlsx)')[lang],
      })
      .option('output', {
        alias: 'o',
        type: 'string',
        describe: localized('Dónde escribirla (por omisión: ./factura-import.<formato>)', 'Where to write it (default: ./factura-import.<format>)')[lang],
      })
      .option('force', { type: 'boolean', default: false, describe: localized('Sobrescribe un archivo existente', 'Overwrite an existing file')[lang] }),
  run: async (args, ctx) => {
    const format = chooseFormat(args);
    const source = join(await packageRoot(), 'templates', `factura-import.${format}`);
    const target = resolve(ctx.io.cwd, args.output ?? `factura-import.${format}`);
    try {
      await copyFile(source, target, args.force ? 0 : constants.COPYFILE_EXCL);
    } catch (cause) {
      const code = (cause as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') {
        throw new FacturaError(
          'OUTPUT',
          localized(
            `${target} ya existe; no se sobrescribe. Use --force para reemplazarlo u -o para otro nombre.`,
            `${target} already exists; not overwritten. Use --force to replace it or -o for another name.`,
          ),
          { cause },
        );
      }
      throw writeFailure(localized('la plantilla en', 'the template to'), target, cause);
    }
    ctx.print(
      render(localized(`Plantilla ${format.toUpperCase()} escrita en ${target}`, `${format.toUpperCase()} template written to ${target}`), ctx.args.lang),
    );
    return 0;
  },
};
