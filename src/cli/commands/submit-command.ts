import { FacturaError } from '../../factura-error.js';
import { localized } from '../../i18n/localized-text.js';
import type { CliCommand } from '../main.js';

export const submitCommand: CliCommand<Record<string, never>> = {
  command: 'submit',
  describe: '(not yet available)',
  builder: (y) => y as never,
  run: () => Promise.reject(new FacturaError('USAGE', localized('Este comando aún no está disponible.', 'This command is not yet available.'))),
};
