import { useEffect, useState } from 'preact/hooks';
import type { ValueMapView } from '../api-client.js';
import { api, shownError } from '../api-client.js';

/** Whom a map is for: «RUC 20…», or the invoices whose issuer the workspace did not know. */
export const issuerLabel = (ruc: string): string => (ruc === '' ? 'emisor sin RUC conocido' : `RUC ${ruc}`);

/**
 * The value maps remembered per issuer: each later sheet of that issuer gets them as changes of
 * its own (marked on the grid, undone like any other). Listed here, each removable.
 */
export function ValueMapsPanel({ version }: { readonly version: number }) {
  const [maps, setMaps] = useState<ValueMapView[] | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const fail = (err: unknown): void => setError(shownError(err));
  useEffect(() => {
    api.valueMaps().then(setMaps, fail);
  }, [version]);
  if (maps === undefined || (maps.length === 0 && error === undefined)) return null;
  return (
    <section class="card" aria-labelledby="maps-title">
      <h2 id="maps-title">Valores recordados</h2>
      <p class="hint">Se aplican solos a cada hoja nueva del mismo emisor, como cambios marcados en la tabla que puede deshacer.</p>
      {error !== undefined && (
        <p class="alert" role="alert">
          {error}
        </p>
      )}
      <table class="history" aria-label="Valores recordados">
        <thead>
          <tr>
            <th scope="col">Emisor</th>
            <th scope="col">Columna</th>
            <th scope="col">En la hoja</th>
            <th scope="col">Se cambia por</th>
            <th scope="col">
              <span class="visually-hidden">Acción</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {maps.map((m) => (
            <tr key={m.id}>
              <td>{issuerLabel(m.ruc)}</td>
              <td>{m.label}</td>
              <th scope="row">{m.from}</th>
              <td>{m.to}</td>
              <td>
                <button
                  type="button"
                  aria-label={`Olvidar «${m.from}» → «${m.to}» de ${issuerLabel(m.ruc)}`}
                  onClick={() => void api.forgetValueMap(m.id).then(setMaps, fail)}
                >
                  Olvidar
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
