import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkInvoiceBody } from './check-invoice-body.js';
import { discardBody, isJsonContentType, parseJson, readBody, sendJson } from './http-exchange.js';
import { invoiceSuccessBody } from './invoice-success-body.js';
import { sandboxErrorBody } from './sandbox-error-body.js';
import { LedgerBook } from './sandbox-ledger.js';
import type { SandboxState } from './sandbox-state.js';
import type { TokenCheck } from './token-authority.js';

const FORBIDDEN_DETAIL: Readonly<Record<Exclude<TokenCheck, { ok: true }>['reason'], string>> = {
  missing: 'La solicitud no incluye el encabezado Authorization: Bearer <token>.',
  invalid: 'El token no es válido. Inicie sesión nuevamente para obtener un nuevo token.',
  expired: 'El token ha expirado. Inicie sesión nuevamente para obtener un nuevo token.',
  revoked: 'El token ya no es válido. Inicie sesión nuevamente para obtener un nuevo token.',
};

/** The "already issued" answer: the real service's other body shape (docs/service-contract.md §6). */
export function alreadyExistsBody(ruc: string, serie: string, numero: number): { readonly message: string } {
  return { message: `El comprobante ${ruc}-01-${serie}-${numero} ya existe` };
}

/**
 * PUT /factura-api/invoiceservice/integracion/factura/{ruc}, once latency, outages and injected
 * failures are past. With `dropAnswer`, an acceptable invoice is recorded but its answer is lost;
 * with `refuse`, an acceptable invoice is refused (400, with a reason) and not recorded.
 */
export async function handleInvoice(
  state: SandboxState,
  req: IncomingMessage,
  res: ServerResponse,
  pathRuc: string,
  dropAnswer: boolean,
  refuse = false,
): Promise<void> {
  const counters = state.book.counters;
  const auth = await state.tokens.check(req.headers.authorization);
  if (!auth.ok || auth.ruc !== pathRuc) {
    discardBody(req);
    counters.forbidden403 += 1;
    const detalle = auth.ok ? `El token no corresponde al RUC ${pathRuc}.` : FORBIDDEN_DETAIL[auth.reason];
    sendJson(res, 403, sandboxErrorBody(403, 'Acceso denegado', detalle));
    return;
  }
  if (!isJsonContentType(req.headers['content-type'])) {
    discardBody(req);
    counters.rejected += 1;
    sendJson(res, 415, sandboxErrorBody(415, 'Tipo de contenido no soportado', 'La solicitud debe enviarse con Content-Type: application/json.'));
    return;
  }
  const raw = await readBody(req);
  if (raw === 'too-large') {
    counters.rejected += 1;
    sendJson(res, 413, sandboxErrorBody(413, 'Solicitud demasiado grande', 'El cuerpo de la solicitud excede el tamaño permitido.'));
    return;
  }
  const parsed = parseJson(raw);
  if (!parsed.ok) {
    counters.rejected += 1;
    sendJson(res, 400, sandboxErrorBody(400, 'El documento no es un JSON válido', 'El cuerpo de la solicitud no se pudo leer como JSON.'));
    return;
  }
  const check = checkInvoiceBody(parsed.value, pathRuc);
  if (!check.ok) {
    counters.rejected += 1;
    // The price message does not name the field (the service's exact words): the detail does.
    const detalle = check.problems.map((p) => (p.kind === 'price' ? `${p.field}: ${p.message}` : p.message)).join('; ');
    sendJson(res, 400, sandboxErrorBody(400, check.problems[0]?.message ?? 'Documento inválido', detalle));
    return;
  }
  const { invoice } = check;
  if (refuse) {
    counters.rejected += 1;
    sendJson(
      res,
      400,
      sandboxErrorBody(
        400,
        'Comprobante rechazado',
        `El servicio rechazó el comprobante ${invoice.serie}-${invoice.numero} (rechazo simulado del sandbox: refuseRate).`,
      ),
    );
    return;
  }
  if (state.book.find(pathRuc, invoice.serie, invoice.numero) !== undefined) {
    counters.duplicates += 1;
    sendJson(res, 400, alreadyExistsBody(pathRuc, invoice.serie, invoice.numero));
    return;
  }
  const digest = createHash('sha256').update(raw).digest();
  const body = invoiceSuccessBody(pathRuc, invoice, digest, state.secret);
  state.book.record({
    ruc: pathRuc,
    serie: invoice.serie,
    numero: invoice.numero,
    sha256: digest.toString('hex'),
    identificador: LedgerBook.key(pathRuc, invoice.serie, invoice.numero),
    acceptedAt: new Date(state.clock()).toISOString(),
  });
  if (dropAnswer) {
    counters.dropped += 1;
    req.socket.destroy();
    return;
  }
  sendJson(res, 200, body);
}
