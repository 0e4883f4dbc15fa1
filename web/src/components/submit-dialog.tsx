import { useEffect, useRef } from 'preact/hooks';
import type { CheckView } from '../api-client.js';
import { formatAmount, plural } from '../format.js';
import { alreadyAccepted, countByStatus, toSend } from '../status-counts.js';

interface Props {
  readonly check: CheckView;
  readonly environment: string;
  readonly ruc?: string;
  readonly razonSocial?: string;
  /** The login check failed: said, and sending is not offered. */
  readonly problem?: string;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

/** What «Enviar» will do, before it does it: where, how many, their totals, and what stays behind. */
export function SubmitDialog({ check, environment, ruc, razonSocial, problem, onConfirm, onCancel }: Props) {
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  const sending = toSend(check);
  const invalid = countByStatus(check, 'INVALID', 'REJECTED');
  const accepted = alreadyAccepted(check);
  return (
    <div class="dialog-backdrop">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="submit-title"
        class="card dialog"
        onKeyDown={(e) => {
          if (e.key === 'Escape') onCancel();
        }}
      >
        <h2 id="submit-title">Enviar «{check.fileName}»</h2>
        <ul>
          <li>
            Destino: <strong>{environment}</strong>.{' '}
            {ruc === undefined ? (
              'Emisores: los de la columna emisorRuc, cada uno con su acceso.'
            ) : (
              <>
                Emisor: RUC {ruc}
                {razonSocial !== undefined && <> · {razonSocial}</>}.
              </>
            )}
          </li>
          <li>Se enviarán {plural(sending, 'factura', 'facturas')}.</li>
          {invalid > 0 && <li>{plural(invalid, 'factura inválida no se enviará', 'facturas inválidas no se enviarán')}: puede volver a corregirlas.</li>}
          {accepted > 0 && <li>{plural(accepted, 'factura ya figura aceptada', 'facturas ya figuran aceptadas')} en el diario: no se envían de nuevo.</li>}
        </ul>
        {check.totals.length > 0 && (
          <table class="totals">
            <caption>Totales por moneda</caption>
            <thead>
              <tr>
                <th scope="col">Moneda</th>
                <th scope="col">Facturas</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {check.totals.map((t) => (
                <tr key={t.moneda}>
                  <th scope="row">{t.moneda}</th>
                  <td>{t.invoices}</td>
                  <td>{formatAmount(t.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {problem !== undefined && (
          <p class="alert" role="alert">
            {problem}
          </p>
        )}
        <div class="actions actions--below">
          <button ref={confirm} type="button" class="primary" onClick={onConfirm} disabled={sending === 0 || problem !== undefined}>
            Confirmar envío
          </button>
          <button type="button" onClick={onCancel}>
            {invalid > 0 ? 'Volver a corregir' : 'Cancelar'}
          </button>
        </div>
      </div>
    </div>
  );
}
