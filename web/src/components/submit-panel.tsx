import { useEffect, useState } from 'preact/hooks';
import type { CheckView, ErrorCode, SendPlan, ServiceView } from '../api-client.js';
import { api, ApiError, shownError } from '../api-client.js';
import { alreadyAccepted, countByStatus, toSendNow } from '../status-counts.js';
import { SubmitDialog } from './submit-dialog.js';

interface Props {
  readonly check: CheckView;
  /** The submission started: follow it. */
  readonly onStarted: () => void;
  /** Refused: the sheet is being sent or checked from another tab or window (the review stays, and says so). */
  readonly onElsewhere: (why: ErrorCode) => void;
}

/** «Enviar» (or «Reanudar el envío» after a stop): opens the confirmation, then starts the submission. */
export function SubmitPanel({ check, onStarted, onElsewhere }: Props) {
  const [service, setService] = useState<ServiceView | undefined>(undefined);
  const [plan, setPlan] = useState<SendPlan | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const fail = (err: unknown): void => setError(shownError(err));
  useEffect(() => {
    api.service().then(setService, fail);
  }, []);
  const ask = (): void => {
    setError(undefined);
    api.sendPlan(check.id).then(setPlan, fail);
  };
  const pending = toSendNow(check);
  const duplicates = countByStatus(check, 'DUPLICATE');
  const uncertain = countByStatus(check, 'UNKNOWN');
  // Sent from this check before (a submission's statuses): «Reanudar». Not the invoices a check found issued by another upload's
  // submission (check.issuedBefore, ACEPTADO ANTES too): this sheet's own sending has not started.
  const sentBefore = alreadyAccepted(check) - check.issuedBefore > 0 || duplicates > 0 || uncertain > 0 || countByStatus(check, 'NOT_SENT', 'LEFT_OUT') > 0;
  const label = sentBefore && pending > 0 ? 'Reanudar el envío' : 'Enviar';
  // Its statuses (ACEPTADO, OMITIDO, «ya se emitieron») are another service's, or no service's: they say nothing of what this one has.
  const elsewhere = service?.available === true && check.state === 'done' && check.service !== service.journalService;
  const ready = service?.available === true && !check.editsPending && !elsewhere && pending > 0;
  return (
    <section class="card" aria-labelledby="send-title">
      <h2 id="send-title">Enviar al servicio</h2>
      <div class="actions">
        <button type="button" class="primary" disabled={!ready} onClick={ask}>
          {label}
        </button>
        <span class="hint">{sendHint({ check, serviceAvailable: service?.available, elsewhere, pending, duplicates, uncertain, sentBefore, label })}</span>
      </div>
      {error !== undefined && (
        <p class="alert" role="alert">
          {error}
        </p>
      )}
      {error === undefined && check.state === 'done' && check.failure !== undefined && (
        <p class="alert" role="alert">
          No se envió: {check.failure}
        </p>
      )}
      {plan !== undefined && (
        <SubmitDialog
          check={check}
          plan={plan}
          onCancel={() => setPlan(undefined)}
          onCredentials={ask}
          onConfirm={(issuer) => {
            setPlan(undefined);
            // Refused while this sheet is being sent or checked (another tab confirmed first): nothing was sent from here; the review says why.
            api.submit(check.id, issuer === undefined ? {} : { issuer }).then(onStarted, (err: unknown) => {
              if (err instanceof ApiError && err.code !== undefined) onElsewhere(err.code);
              else fail(err);
            });
          }}
        />
      )}
    </section>
  );
}

/** What the panel says beside its button: why it cannot send, or what sending will do, the first that applies. */
function sendHint(s: {
  readonly check: CheckView;
  readonly serviceAvailable: boolean | undefined;
  readonly elsewhere: boolean;
  readonly pending: number;
  readonly duplicates: number;
  readonly uncertain: number;
  readonly sentBefore: boolean;
  readonly label: string;
}): string {
  if (s.serviceAvailable === false)
    return 'No hay un servicio configurado: inicie «factura-import serve --sandbox» para probar, o defina FACTURA_AUTH_URL y FACTURA_BASE_URL antes de iniciarlo.';
  if (s.elsewhere && s.check.byEarlierVersion === true)
    return 'Esta revisión se hizo con una versión anterior de factura-import: pulse «Revalidar» para revisarla de nuevo antes de enviar.';
  if (s.elsewhere)
    return 'Esta revisión se hizo con otro servicio de facturación (por ejemplo, el simulador) o sin ninguno: sus estados no dicen qué falta enviar a este. Pulse «Revalidar» y luego «Enviar».';
  if (s.check.editsPending) return 'Hay cambios sin revalidar: pulse «Revalidar» antes de enviar.';
  const { duplicates: d, uncertain: u } = s;
  if (s.pending === 0) {
    if (d > 0)
      return `${d === 1 ? '1 factura figura' : `${d} facturas figuran`} como DUPLICADO: el servicio ya tiene un comprobante con ese número (puede ser otra venta, o esta misma enviada antes desde otra hoja u otro equipo), y no se ${d === 1 ? 'envía' : 'envían'} de nuevo. Lea en «Problemas encontrados» lo que dice de cada una antes de darle otro número.`;
    if (s.sentBefore || s.check.issuedBefore > 0) return 'Todas las facturas válidas ya fueron aceptadas por el servicio: no se envían de nuevo.';
    return 'No hay facturas válidas que enviar: corrija la hoja y pulse «Revalidar».';
  }
  if (u > 0)
    return `${u === 1 ? '1 factura quedó INCIERTA: se envió y no llegó la respuesta, así que puede estar emitida' : `${u} facturas quedaron INCIERTAS: se enviaron y no llegó la respuesta, así que pueden estar emitidas`}. «${s.label}» ${u === 1 ? 'la envía' : 'las envía'} de nuevo sin cambios, y el servicio confirma las que ya tenía: no ${u === 1 ? 'la corrija ni le dé' : 'las corrija ni les dé'} otro número antes.`;
  return 'Solo se envían las facturas válidas, y ninguna dos veces: el programa anota cada factura aceptada.';
}
