import { useState } from 'preact/hooks';
import { formatCount } from '../format.js';

interface Props {
  readonly fileName: string;
  readonly rowsRead: number;
  readonly invoices: number;
  /** What the last run of the check came to: a recheck or a submission of the same sheet should reach it. */
  readonly expected?: { readonly rows: number; readonly invoices: number };
  /** What the server said while it runs (the check reads the sheet again, and why). */
  readonly note?: string;
  /** A submission, not a check: says so and offers «Detener». */
  readonly onStop?: () => void;
}

/** Step 3 while it runs: rows read and invoices checked, live from the server. */
export function CheckProgress({ fileName, rowsRead, invoices, expected, note, onStop }: Props) {
  const [stopping, setStopping] = useState(false);
  const sending = onStop !== undefined;
  /** The last run's count, while this one stays within it (edits may change it a little). */
  const within = (n: number, total: number | undefined): number | undefined => (total !== undefined && total > 0 && n <= total ? total : undefined);
  /** «1,234 de 3,000», or the count alone. */
  const ofTotal = (n: number, total: number | undefined): string => {
    const of = within(n, total);
    return of === undefined ? formatCount(n) : `${formatCount(n)} de ${formatCount(of)}`;
  };
  const invoicesTotal = within(invoices, expected?.invoices);
  return (
    <section class="card" aria-labelledby="progress-title" aria-busy="true">
      <h2 id="progress-title">{sending ? `Enviando «${fileName}»…` : `3. Revisando «${fileName}»…`}</h2>
      <progress
        aria-label={sending ? 'Avance del envío' : 'Avance de la revisión'}
        {...(invoicesTotal !== undefined ? { value: invoices, max: invoicesTotal } : {})}
      />
      <p role="status" aria-live="polite">
        {/* A submission reads the rows the check stored: what counts while sending is the service's answers. */}
        {!sending && (
          <>
            Filas leídas: <strong>{ofTotal(rowsRead, expected?.rows)}</strong> ·{' '}
          </>
        )}
        {sending ? 'Facturas con respuesta' : 'Facturas revisadas'}: <strong>{ofTotal(invoices, expected?.invoices)}</strong>
      </p>
      {note !== undefined && <p class="hint">{note}</p>}
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
