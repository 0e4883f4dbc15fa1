/** A login body that has the contract's types (docs/service-contract.md §2.1); the credentials are not checked here. */
export interface LoginRequest {
  /** The RUC as digits (it arrived as a JSON number). */
  readonly ruc: string;
  readonly mail: string;
  readonly clave: string;
}

export type LoginBodyCheck = { readonly ok: true; readonly login: LoginRequest } | { readonly ok: false; readonly problems: readonly string[] };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks a parsed login body strictly: `ruc` a JSON number of 11 digits (a quoted RUC is refused),
 * `mail` and `clave` strings, `aplicacion.codigo` the string "1". Messages are in Spanish.
 */
export function checkLoginBody(body: unknown): LoginBodyCheck {
  if (!isObject(body)) return { ok: false, problems: ['El cuerpo de la solicitud debe ser un objeto JSON'] };
  const problems: string[] = [];
  const ruc = body['ruc'];
  if (typeof ruc !== 'number') problems.push('El campo ruc debe ser un número (sin comillas)');
  else if (!Number.isInteger(ruc) || ruc < 10_000_000_000 || ruc > 99_999_999_999) problems.push('El campo ruc debe tener 11 dígitos');
  if (typeof body['mail'] !== 'string') problems.push('El campo mail debe ser un texto');
  if (typeof body['clave'] !== 'string') problems.push('El campo clave debe ser un texto');
  const aplicacion = body['aplicacion'];
  if (!isObject(aplicacion)) problems.push('El campo aplicacion debe ser un objeto con codigo "1"');
  else if (aplicacion['codigo'] !== '1') problems.push('El campo aplicacion.codigo debe ser el texto "1"');
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, login: { ruc: String(ruc), mail: body['mail'] as string, clave: body['clave'] as string } };
}
