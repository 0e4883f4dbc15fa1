import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkLoginBody } from './check-login-body.js';
import { formatFechaExpiracion } from './format-fecha-expiracion.js';
import { discardBody, isJsonContentType, parseJson, readBody, sendJson } from './http-exchange.js';
import { sandboxErrorBody } from './sandbox-error-body.js';
import type { SandboxAccount } from './sandbox-account.js';
import { ACCOUNT_RUC } from './sandbox-account.js';
import type { SandboxState } from './sandbox-state.js';

/** The login answer of docs/service-contract.md §2.2. */
export interface LoginSuccessBody {
  readonly svcToken: string;
  readonly fechaExpiracion: string;
  readonly ruc: string;
  readonly razonSocial: string;
  readonly estado: 'ACTIVO';
}

/** POST /tokenapi/secure/v2/login/token, once latency, outages and injected failures are past. */
export async function handleLogin(state: SandboxState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const counters = state.book.counters;
  if (!isJsonContentType(req.headers['content-type'])) {
    discardBody(req);
    sendJson(res, 415, sandboxErrorBody(415, 'Tipo de contenido no soportado', 'La solicitud debe enviarse con Content-Type: application/json.'));
    return;
  }
  const raw = await readBody(req);
  if (raw === 'too-large') {
    sendJson(res, 413, sandboxErrorBody(413, 'Solicitud demasiado grande', 'El cuerpo de la solicitud excede el tamaño permitido.'));
    return;
  }
  const parsed = parseJson(raw);
  const check = parsed.ok ? checkLoginBody(parsed.value) : { ok: false as const, problems: ['El cuerpo de la solicitud no es un JSON válido'] };
  if (!check.ok) {
    sendJson(res, 400, sandboxErrorBody(400, check.problems[0] ?? 'Solicitud inválida', check.problems.join('; ')));
    return;
  }
  const { login } = check;
  const account = state.accounts.get(login.ruc) ?? trialAccount(state, login);
  if (account === undefined || !opens(account, login)) {
    counters.loginsRefused += 1;
    sendJson(
      res,
      401,
      sandboxErrorBody(401, 'Credenciales incorrectas', 'El RUC, el correo o la clave no son correctos. Verifique sus credenciales de acceso.'),
    );
    return;
  }
  const token = await state.tokens.issue(account, state.allTestAccounts || account.testAccount === true, state.faults.tokenLifetimeMs);
  counters.logins += 1;
  const body: LoginSuccessBody = {
    svcToken: token.svcToken,
    fechaExpiracion: formatFechaExpiracion(token.expiresAtMs),
    ruc: account.ruc,
    razonSocial: account.razonSocial,
    estado: 'ACTIVO',
  };
  sendJson(res, 200, body);
}

/** SandboxOptions.anyRuc: an account for an unknown RUC, opened by a login with the first account's e-mail and password. */
function trialAccount(state: SandboxState, login: { readonly ruc: string; readonly mail: string; readonly clave: string }): SandboxAccount | undefined {
  const [first] = state.accounts.values();
  if (!state.anyRuc || first === undefined || !ACCOUNT_RUC.test(login.ruc) || !opens(first, login)) return undefined;
  const account: SandboxAccount = { ruc: login.ruc, mail: first.mail, clave: first.clave, razonSocial: `EMPRESA DE PRUEBA ${login.ruc} S.A.C.` };
  state.accounts.set(account.ruc, account);
  return account;
}

/** Whether a login's e-mail (any case, spaces around) and password are the account's. */
function opens(account: SandboxAccount, login: { readonly mail: string; readonly clave: string }): boolean {
  return account.mail.toLowerCase() === login.mail.trim().toLowerCase() && account.clave === login.clave;
}
