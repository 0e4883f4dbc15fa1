import { useState } from 'preact/hooks';
import { formatCount } from '../format.js';

interface Props {
  readonly fileName: string;
  readonly rowsRead: number;
  readonly invoices: number;
  /** A submission, not a check: says so and offers «Detener». */
  readonly onStop?: () => void;
}

/** Step 3 while it runs: rows read and invoices checked, live from the server. */
export function CheckProgress({ fileName, rowsRead, invoices, onStop }: Props) {
  const [stopping, setStopping] = useState(false);
  const sending = onStop !== undefined;
  return (
    <section class="card" aria-labelledby="progress-title" aria-busy="true">
      <h2 id="progress-title">{sending ? `Enviando «${fileName}»…` : `3. Revisando «${fileName}»…`}</h2>
      <progress aria-label={sending ? 'Avance del envío' : 'Avance de la revisión'} />
      <p role="status" aria-live="polite">
        Filas leídas: <strong>{formatCount(rowsRead)}</strong> · {sending ? 'Facturas con respuesta' : 'Facturas revisadas'}:{' '}
        <strong>{formatCount(invoices)}</strong>
      </p>
      {sending && (
        <div class="actions">
          <button
            type="button"
            disabled={stopping}
            onClick={() => {
              setStopping(true);
              onStop();
            }}
          >
            Detener
          </button>
          {stopping && <span class="hint">Deteniendo: se terminan las facturas en curso y se guardan el diario y los resultados…</span>}
        </div>
      )}
    </section>
  );
}
