import { FacturaError } from '../index.js';
import type { AccessSource } from './issuer-access.js';

/**
 * What the page says when a login fails. The library's refusal names the environment's variables
 * (FACTURA_MAIL, FACTURA_CLAVE), which is where the command line and a configured workspace read
 * them; a login typed in the page is about what was typed there.
 */
export function loginRefusal(err: unknown, source: AccessSource | undefined): string {
  if (!(err instanceof FacturaError)) return 'No se pudo iniciar sesión en el servicio.';
  if (err.code === 'AUTH' && source !== 'configurado') {
    return 'El servicio rechazó el correo o la clave: revíselos e indíquelos de nuevo. No se envió ninguna factura.';
  }
  return err.text.es;
}
