import { useState } from 'preact/hooks';
import type { SheetPreview } from '../api-client.js';
import { api, shownError } from '../api-client.js';

interface Props {
  readonly preview: SheetPreview;
  /** The preview of the sheet to read (the same one when the proposed sheet is kept). */
  readonly onChosen: (preview: SheetPreview) => void;
  readonly onCancel: () => void;
}

/** Columns of a sheet's first rows shown: enough to recognise it without a sideways scroll. */
const PEEK_COLUMNS = 8;

/**
 * The columns worth showing of a sheet's first rows: those with a value below the first row (a
 * header over empty columns says nothing), at most PEEK_COLUMNS; and how many have a value in all.
 */
function peekColumns(rows: readonly (readonly string[])[]): { shown: number[]; filled: number } {
  const below = rows.length > 1 ? rows.slice(1) : rows;
  const width = rows.reduce((w, r) => Math.max(w, r.length), 0);
  const filled = Array.from({ length: width }, (_, c) => c).filter((c) => below.some((r) => (r[c] ?? '').trim() !== ''));
  return { shown: filled.slice(0, PEEK_COLUMNS), filled: filled.length };
}

/** Step 2 for a workbook with several sheets: which one has the sales, each shown by its first rows. */
export function SheetStep({ preview, onChosen, onCancel }: Props) {
  const sheets = preview.sheets ?? [];
  const [chosen, setChosen] = useState(preview.sheet ?? sheets[0]?.name ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);

  const go = (): void => {
    if (chosen === preview.sheet) return onChosen(preview);
    setBusy(true);
    setError(undefined);
    api.chooseSheet(preview.checkId, { sheet: chosen }).then(onChosen, (err: unknown) => {
      setBusy(false);
      setError(shownError(err));
    });
  };

  return (
    <section class="card" aria-labelledby="sheet-title">
      <h2 id="sheet-title">Elija la hoja de «{preview.fileName}»</h2>
      <p>
        El libro tiene {sheets.length} hojas. Elija la que tiene las ventas
        {preview.sheet === undefined
          ? ''
          : sheets.some((s) => s.name === preview.sheet && s.active === true)
            ? `; se propone «${preview.sheet}», la que se veía al guardar el libro`
            : `; se propone «${preview.sheet}», la que se leería sin elegir`}
        .
      </p>
      <fieldset class="sheet-choices">
        <legend class="visually-hidden">Hoja del libro</legend>
        {sheets.map((s) => {
          const { shown, filled } = peekColumns(s.rows);
          return (
            <label key={s.name} class={`sheet-choice${s.name === chosen ? ' sheet-choice--chosen' : ''}`}>
              <span class="sheet-choice__name">
                <input type="radio" name="hoja" value={s.name} checked={s.name === chosen} onChange={() => setChosen(s.name)} /> {s.name}
                {s.unread !== true && (
                  <span class="hint">
                    {s.hasHeader
                      ? ' · con encabezados de ventas'
                      : s.partialHeader === true
                        ? ' · con encabezados de ventas (faltan columnas)'
                        : ' · sin encabezados de ventas'}
                  </span>
                )}
                {s.active === true && <span class="hint"> · la que se veía al guardar el libro</span>}
              </span>
              {s.unread === true ? (
                <span class="hint">(el libro es muy grande para mostrar las filas de cada hoja: elíjala por su nombre)</span>
              ) : s.rows.length === 0 ? (
                <span class="hint">(hoja vacía)</span>
              ) : (
                <>
                  <table class="sheet-peek" aria-label={`Primeras filas de la hoja ${s.name}`}>
                    <tbody>
                      {s.rows.map((r, i) => (
                        <tr key={i} class={i === 0 && s.hasHeader ? 'sheet-peek__header' : undefined}>
                          {shown.map((c) => (
                            <td key={c}>{r[c] ?? ''}</td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  {filled > shown.length && <span class="hint">{`Se muestran ${shown.length} de sus ${filled} columnas con datos.`}</span>}
                </>
              )}
            </label>
          );
        })}
      </fieldset>
      {error !== undefined && (
        <p class="alert" role="alert">
          {error}
        </p>
      )}
      <div class="actions actions--below">
        <button type="button" class="primary" disabled={busy || chosen === ''} onClick={go}>
          Leer la hoja «{chosen}»
        </button>
        <button type="button" onClick={onCancel}>
          Subir otra hoja
        </button>
      </div>
    </section>
  );
}
