import { useState } from 'preact/hooks';
import type { CheckView } from '../api-client.js';
import { ApiError, api } from '../api-client.js';
import { plural } from '../format.js';

interface Props {
  readonly check: CheckView;
  /** Edits changed (replace or undo): the check as it now stands. */
  readonly onChanged: (check: CheckView) => void;
  /** «Revalidar»: check the sheet again with the changes. */
  readonly onRecheck: () => void;
}

/**
 * Fixing the sheet in the workspace: how many cells changed, «Revalidar», undo the last change,
 * find-and-replace over a whole column and the corrected sheet to download. The uploaded file is never touched.
 */
export function FixPanel({ check, onChanged, onRecheck }: Props) {
  const [col, setCol] = useState(0);
  const [find, setFind] = useState('');
  const [replace, setReplace] = useState('');
  const [said, setSaid] = useState<{ text: string; error: boolean } | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const act = (call: Promise<{ changed: number; check: CheckView }>, text: (n: number) => string): void => {
    setBusy(true);
    call.then(
      (a) => {
        setBusy(false);
        setSaid({ text: text(a.changed), error: false });
        onChanged(a.check);
      },
      (err: unknown) => {
        setBusy(false);
        setSaid({ text: err instanceof ApiError ? err.message : String(err), error: true });
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
        <a class="button" href={api.correctedSheetUrl(check.id)} download>
          Descargar hoja corregida
        </a>
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
      {said !== undefined && (
        <p class={said.error ? 'alert' : 'hint'} role={said.error ? 'alert' : 'status'}>
          {said.text}
        </p>
      )}
    </section>
  );
}
