import { useEffect, useState } from 'preact/hooks';
import type { CheckView, EditAnswer, ValueMapOfferView } from '../api-client.js';
import { api, shownError } from '../api-client.js';
import { DownloadButton } from './download-button.js';
import { plural } from '../format.js';
import { issuerLabel } from './value-maps-panel.js';

interface Props {
  readonly check: CheckView;
  /** Edits changed (replace or undo): the check as it now stands, and the value map it offers to remember. */
  readonly onChanged: (answer: EditAnswer) => void;
  /** The last change replaced a value the catalogue does not know: offer to remember it. */
  readonly offer?: ValueMapOfferView;
  /** The offer was answered (remembered or not). */
  readonly onOfferDone: (remembered: boolean) => void;
  /** «Revalidar»: check the sheet again with the changes. */
  readonly onRecheck: () => void;
}

/**
 * Fixing the sheet in the workspace: how many cells changed, «Revalidar», undo the last change,
 * find-and-replace over a whole column and the corrected sheet to download. The uploaded file is never touched.
 */
export function FixPanel({ check, onChanged, onRecheck, offer, onOfferDone }: Props) {
  const [col, setCol] = useState(0);
  const [find, setFind] = useState('');
  const [replace, setReplace] = useState('');
  const [said, setSaid] = useState<{ text: string; error: boolean } | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [applied, setApplied] = useState(0);
  useEffect(() => {
    api.appliedValueMaps(check.id).then(
      (a) => setApplied(a.cells),
      () => setApplied(0),
    );
  }, [check.id]);

  const act = (call: Promise<EditAnswer>, text: (n: number) => string): void => {
    setBusy(true);
    call.then(
      (a) => {
        setBusy(false);
        setSaid({ text: text(a.changed), error: false });
        onChanged(a);
      },
      (err: unknown) => {
        setBusy(false);
        setSaid({ text: shownError(err), error: true });
      },
    );
  };
  const columnName = (i: number): string => {
    const c = check.gridColumns[i];
    return c === undefined ? '' : `${c.letter} ${c.header}`.trim();
  };
  return (
    <section class="card" aria-labelledby="fix-title">
      <h2 id="fix-title">Corregir la hoja</h2>
      <p class="hint">
        Doble clic (o Enter) sobre una celda de la tabla para cambiarla; Enter guarda y Escape cancela. Los cambios se guardan en el espacio de trabajo: el
        archivo subido no se modifica.
      </p>
      <p aria-live="polite">
        {check.editedCells === 0 ? 'Sin cambios.' : `${plural(check.editedCells, 'celda cambiada', 'celdas cambiadas')}.`}
        {check.editsPending && ' Hay cambios sin revalidar.'}
      </p>
      {applied > 0 && (
        <p class="note">
          Se aplicaron los valores recordados de este emisor a {plural(applied, 'celda', 'celdas')} al revisar la hoja: están marcadas como cambiadas en la
          tabla, y «Deshacer el último cambio» las quita (un valor recordado cada vez).
        </p>
      )}
      <div class="actions">
        <button type="button" class={check.editsPending ? 'primary' : undefined} onClick={onRecheck} disabled={busy}>
          Revalidar
        </button>
        <button
          type="button"
          onClick={() =>
            act(api.undoEdit(check.id), (n) => (n === 0 ? 'No hay cambios que deshacer.' : `Se deshizo el cambio de ${plural(n, 'celda', 'celdas')}.`))
          }
          disabled={busy || check.editedCells === 0}
        >
          Deshacer el último cambio
        </button>
        <DownloadButton path={api.correctedSheetPath(check.id)} fileName="corregida.xlsx">
          Descargar hoja corregida
        </DownloadButton>
      </div>
      <form
        class="replace-form"
        aria-label="Buscar y reemplazar"
        onSubmit={(e) => {
          e.preventDefault();
          act(api.replaceInColumn(check.id, { col, find, replace }), (n) =>
            n === 0 ? `Ninguna celda de ${columnName(col)} es «${find}».` : `Se reemplazó «${find}» por «${replace}» en ${plural(n, 'fila', 'filas')}.`,
          );
        }}
      >
        <h3>Buscar y reemplazar</h3>
        <label>
          Columna{' '}
          <select value={String(col)} onChange={(e) => setCol(Number(e.currentTarget.value))}>
            {check.gridColumns.map((c, i) => (
              <option key={i} value={String(i)}>
                {columnName(i) === '' ? c.letter : columnName(i)}
              </option>
            ))}
          </select>
        </label>{' '}
        <label>
          Buscar <input type="text" value={find} onInput={(e) => setFind(e.currentTarget.value)} />
        </label>{' '}
        <label>
          Reemplazar con <input type="text" value={replace} onInput={(e) => setReplace(e.currentTarget.value)} />
        </label>{' '}
        <button type="submit" disabled={busy}>
          Reemplazar en toda la columna
        </button>
        <p class="hint">Cambia cada celda de la columna cuyo texto completo es el buscado, en todas las filas de la hoja (no solo la página visible).</p>
      </form>
      {offer !== undefined && (
        <div class="note offer" role="group" aria-label="Recordar el cambio">
          <p>
            «{offer.from}» no es un valor que el catálogo conozca en «{offer.label}». ¿Recordar que es «{offer.to}» para{' '}
            {offer.issuers.map(issuerLabel).join(', ')}? Las próximas hojas de {offer.issuers.length === 1 ? 'ese emisor' : 'esos emisores'} lo cambiarán solas
            (verá los cambios marcados y podrá deshacerlos).
          </p>
          <div class="actions">
            <button
              type="button"
              class="primary"
              onClick={() =>
                void api.rememberValueMap({ column: offer.column, from: offer.from, to: offer.to, issuers: offer.issuers }).then(
                  () => {
                    setSaid({ text: `Se recordará «${offer.from}» → «${offer.to}» en «${offer.label}».`, error: false });
                    onOfferDone(true);
                  },
                  (err: unknown) => setSaid({ text: shownError(err), error: true }),
                )
              }
            >
              Recordar para las próximas hojas
            </button>
            <button type="button" onClick={() => onOfferDone(false)}>
              No recordar
            </button>
          </div>
        </div>
      )}
      {said !== undefined && (
        <p class={said.error ? 'alert' : 'hint'} role={said.error ? 'alert' : 'status'}>
          {said.text}
        </p>
      )}
    </section>
  );
}
