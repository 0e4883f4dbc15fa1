import { useEffect, useState } from 'preact/hooks';
import type { CheckView } from '../api-client.js';
import { api } from '../api-client.js';
import { formatDate, plural } from '../format.js';

/** Earlier checks of this workspace; each reopens without uploading again. */
export function HistoryList({ onOpen }: { readonly onOpen: (check: CheckView) => void }) {
  const [checks, setChecks] = useState<CheckView[] | undefined>(undefined);
  useEffect(() => {
    void api.history().then(setChecks, () => setChecks([]));
  }, []);
  if (checks === undefined || checks.length === 0) return null;
  return (
    <section class="card" aria-labelledby="history-title">
      <h2 id="history-title">Revisiones anteriores</h2>
      <table class="history">
        <thead>
          <tr>
            <th scope="col">Archivo</th>
            <th scope="col">Fecha</th>
            <th scope="col">Resultado</th>
            <th scope="col">
              <span class="visually-hidden">Acción</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {checks.map((c) => (
            <tr key={c.id}>
              <th scope="row">{c.fileName}</th>
              <td>{formatDate(c.createdAt)}</td>
              <td>
                {c.state === 'done'
                  ? `${plural(c.invoices, 'factura', 'facturas')}: ${c.byStatus.map((s) => `${s.label} ${s.count}`).join(' · ')}`
                  : c.state === 'failed'
                    ? `No se pudo revisar: ${c.failure ?? ''}`
                    : 'En revisión…'}
              </td>
              <td>
                <button type="button" onClick={() => onOpen(c)} aria-label={`Abrir la revisión de ${c.fileName}`}>
                  Abrir
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
