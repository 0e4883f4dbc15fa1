import { useEffect, useState } from 'preact/hooks';
import type { CheckView, ServiceView } from '../api-client.js';
import { ApiError, api } from '../api-client.js';
import { alreadyAccepted, countByStatus, toSend } from '../status-counts.js';
import { SubmitDialog } from './submit-dialog.js';

interface Props {
  readonly check: CheckView;
  /** The submission started: follow it. */
  readonly onStarted: () => void;
}

/** «Enviar» (or «Reanudar el envío» after a stop): opens the confirmation, then starts the submission. */
export function SubmitPanel({ check, onStarted }: Props) {
  const [service, setService] = useState<ServiceView | undefined>(undefined);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  useEffect(() => {
    api.service().then(setService, (err: unknown) => setError(err instanceof ApiError ? err.message : String(err)));
  }, []);
  const pending = toSend(check);
  const sentBefore = alreadyAccepted(check) > 0 || countByStatus(check, 'NOT_SENT') > 0;
  const label = sentBefore && pending > 0 ? 'Reanudar el envío' : 'Enviar';
  const ready = service?.available === true && !check.editsPending && pending > 0;
  return (
    <section class="card" aria-labelledby="send-title">
      <h2 id="send-title">Enviar al servicio</h2>
      <div class="actions">
        <button type="button" class="primary" disabled={!ready} onClick={() => setAsking(true)}>
          {label}
        </button>
        <span class="hint">
          {service?.available === false
            ? 'No hay un servicio configurado: inicie «factura-import serve --sandbox» para probar, o defina las variables FACTURA_* antes de iniciarlo.'
            : check.editsPending
              ? 'Hay cambios sin revalidar: pulse «Revalidar» antes de enviar.'
              : pending === 0
                ? sentBefore
                  ? 'Todas las facturas válidas ya figuran aceptadas.'
                  : 'No hay facturas válidas que enviar: corrija la hoja y pulse «Revalidar».'
                : 'Solo se envían las facturas válidas; el diario evita enviar dos veces la misma.'}
        </span>
      </div>
      {error !== undefined && (
        <p class="alert" role="alert">
          {error}
        </p>
      )}
      {asking && service?.available === true && (
        <SubmitDialog
          check={check}
          environment={service.environment}
          {...(service.ruc !== undefined ? { ruc: service.ruc } : {})}
          {...(service.razonSocial !== undefined ? { razonSocial: service.razonSocial } : {})}
          {...(service.problem !== undefined ? { problem: service.problem } : {})}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            api.submit(check.id).then(onStarted, (err: unknown) => setError(err instanceof ApiError ? err.message : String(err)));
          }}
        />
      )}
    </section>
  );
}
