import { formatCount } from '../format.js';

interface Props {
  readonly fileName: string;
  readonly rowsRead: number;
  readonly invoices: number;
}

/** Step 3 while it runs: rows read and invoices checked, live from the server. */
export function CheckProgress({ fileName, rowsRead, invoices }: Props) {
  return (
    <section class="card" aria-labelledby="progress-title" aria-busy="true">
      <h2 id="progress-title">3. Revisando «{fileName}»…</h2>
      <progress aria-label="Avance de la revisión" />
      <p role="status" aria-live="polite">
        Filas leídas: <strong>{formatCount(rowsRead)}</strong> · Facturas revisadas: <strong>{formatCount(invoices)}</strong>
      </p>
    </section>
  );
}
