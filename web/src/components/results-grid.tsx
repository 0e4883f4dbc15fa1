import { useEffect, useRef, useState } from 'preact/hooks';
import type { CheckView, EditAnswer, GridPage, GridRow } from '../api-client.js';
import { api, shownError } from '../api-client.js';
import { formatCount, plural } from '../format.js';
import { MessageText } from './message-text.js';

interface Props {
  readonly check: CheckView;
  /** A sheet row to show (from a problem group), with a counter so the same row can be asked twice. */
  readonly jump?: { readonly row: number; readonly n: number; readonly letter?: string };
  /** Changes whenever edits were made elsewhere (replace, undo): the page is read again. */
  readonly version: number;
  /** A cell was changed from the grid: the check as it now stands (and a value map to offer). */
  readonly onEdited: (answer: EditAnswer) => void;
}

/** The right-most columns whose message opens to the left (a message is 280 px, wider than a column): it stays inside the grid. */
const MESSAGE_LEFT_COLUMNS = 3;

interface CellProps {
  readonly row: GridRow;
  readonly index: number;
  readonly text: string;
  readonly header: string;
  /** Among the right-most columns: its message opens to the left, inside the grid. */
  readonly nearRightEdge: boolean;
  readonly editing: boolean;
  readonly onEdit: () => void;
  readonly onSave: (value: string) => void;
  readonly onCancel: () => void;
}

/** One cell: its problems as its description, marked when changed; double-click or Enter opens a text box. */
function Cell({ row, index, text, header, nearRightEdge, editing, onEdit, onSave, onCancel }: CellProps) {
  const problems = row.problems.filter((p) => p.col === index);
  const edit = row.edited.find((e) => e.col === index);
  const isError = problems.some((p) => p.severity === 'error');
  const problemId = `problema-${row.row}-${index}`;
  const editId = `cambio-${row.row}-${index}`;
  const message = problems.map((p) => p.message).join(' · ');
  const described = [problems.length > 0 ? problemId : '', edit !== undefined ? editId : ''].filter((x) => x !== '').join(' ');
  const classes = [
    problems.length === 0 ? '' : isError ? 'cell--invalid' : 'cell--warning',
    problems.length > 0 && nearRightEdge ? 'cell--message-left' : '',
    edit !== undefined ? 'cell--edited' : '',
  ].filter((x) => x !== '');
  const name = `${header === '' ? 'columna' : header} de la fila ${row.row}`;
  if (editing) {
    return (
      <td role="gridcell" class="cell--editing">
        <input
          type="text"
          aria-label={`Nuevo valor de ${name}`}
          defaultValue={text}
          ref={(el) => el?.focus()}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              onSave(e.currentTarget.value);
            } else if (e.key === 'Escape') {
              e.preventDefault();
              onCancel();
            }
          }}
          onBlur={onCancel}
        />
      </td>
    );
  }
  return (
    <td
      role="gridcell"
      class={classes.length > 0 ? classes.join(' ') : undefined}
      aria-invalid={isError ? 'true' : undefined}
      aria-describedby={described === '' ? undefined : described}
      title={
        [message, edit !== undefined ? `Cambiado; valor original: ${edit.original === '' ? '(vacío)' : edit.original}` : '']
          .filter((x) => x !== '')
          .join(' · ') || undefined
      }
      tabIndex={0}
      data-cell={`${row.row}-${index}`}
      onDblClick={onEdit}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === 'F2') {
          e.preventDefault();
          onEdit();
        }
      }}
    >
      {text === '' ? <span class="empty">(vacío)</span> : text}
      {problems.length > 0 && (
        <span id={problemId} class="cell-message">
          <MessageText text={message} />
        </span>
      )}
      {edit !== undefined && (
        <span id={editId} class="visually-hidden">
          Cambiado; valor original: {edit.original === '' ? '(vacío)' : edit.original}
        </span>
      )}
    </td>
  );
}

/** The sheet's own rows, a page at a time from the server; invalid cells marked with their message. */
export function ResultsGrid({ check, jump, version, onEdited }: Props) {
  const [errorsOnly, setErrorsOnly] = useState(check.errorRows > 0);
  const [page, setPage] = useState(0);
  const [data, setData] = useState<GridPage | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [focusRow, setFocusRow] = useState<number | undefined>(undefined);
  const [editing, setEditing] = useState<string | undefined>(undefined);
  const [focusCell, setFocusCell] = useState<string | undefined>(undefined);
  const table = useRef<HTMLTableElement>(null);

  const show = (p: GridPage): void => {
    setData(p);
    setPage(p.page);
    setError(undefined);
  };
  const failed = (err: unknown): void => setError(shownError(err));
  const load = (q: { page?: number; row?: number; errorsOnly: boolean }): void => {
    api.rows(check.id, q).then(show, failed);
  };
  /** A row to show once the rows are switched from «Solo con errores» to all (set by a jump to a row without an error). */
  const showRow = useRef<number | undefined>(undefined);
  useEffect(() => {
    const row = showRow.current;
    showRow.current = undefined;
    load(row !== undefined ? { row, errorsOnly } : { page, errorsOnly });
  }, [check.id, errorsOnly, version]);
  useEffect(() => {
    if (focusCell === undefined || editing !== undefined) return;
    table.current?.querySelector<HTMLElement>(`[data-cell="${focusCell}"]`)?.focus();
  }, [data, editing, focusCell]);
  const save = (row: number, col: number, value: string): void => {
    setEditing(undefined);
    setFocusCell(`${row}-${col}`);
    api.editCell(check.id, { row, col, value }).then((a) => {
      onEdited(a);
      load({ page, errorsOnly });
    }, failed);
  };
  const cancel = (row: number, col: number): void => {
    setEditing(undefined);
    setFocusCell(`${row}-${col}`);
  };
  useEffect(() => {
    if (jump === undefined) return;
    setFocusRow(jump.row);
    if (!errorsOnly) {
      load({ row: jump.row, errorsOnly });
      return;
    }
    api.rows(check.id, { row: jump.row, errorsOnly }).then((p) => {
      if (p.rows.some((r) => r.row === jump.row)) return show(p);
      // A row without an error of its own (a warning's: hidden rows, a totals row) is not among the rows with
      // errors: the grid shows all rows, at that one.
      showRow.current = jump.row;
      setErrorsOnly(false);
    }, failed);
  }, [jump?.n]);
  useEffect(() => {
    if (focusRow === undefined || data === undefined) return;
    const header = table.current?.querySelector<HTMLElement>(`[data-row="${focusRow}"]`);
    if (header) {
      header.scrollIntoView({ block: 'center' });
      header.focus({ preventScroll: true });
      // The cell of the problem (its column, else the row's first marked one) comes into view and takes the focus,
      // which shows its message, however far right it is in a wide sheet.
      const at = jump?.row === focusRow && jump.letter !== undefined ? check.gridColumns.findIndex((c) => c.letter === jump.letter) : -1;
      const cell =
        (at >= 0 ? table.current?.querySelector<HTMLElement>(`[data-cell="${focusRow}-${at}"]`) : null) ??
        header.parentElement?.querySelector<HTMLElement>('[aria-invalid="true"], .cell--warning');
      if (cell) {
        cell.scrollIntoView({ block: 'nearest', inline: 'center' });
        // Focused, the cell shows its message (and a screen reader reads it: the cell's description).
        cell.focus({ preventScroll: true });
      }
    }
  }, [data, focusRow]);

  const columns = check.gridColumns;
  const go = (p: number): void => {
    setFocusRow(undefined);
    load({ page: p, errorsOnly });
  };
  const pages = data?.pages ?? 1;
  return (
    <section class="card" aria-labelledby="grid-title">
      <h2 id="grid-title">Filas de la hoja</h2>
      <div class="grid-tools">
        <label class="toggle">
          <input
            type="checkbox"
            checked={errorsOnly}
            onChange={(e) => {
              setErrorsOnly(e.currentTarget.checked);
              setPage(0);
              setFocusRow(undefined);
            }}
          />
          Solo con errores
        </label>
        <span class="hint">
          {data !== undefined && (errorsOnly ? plural(data.total, 'fila con errores', 'filas con errores') : plural(data.total, 'fila', 'filas'))}
        </span>
        <nav class="pager" aria-label="Páginas de la hoja">
          <button type="button" onClick={() => go(0)} disabled={page === 0}>
            Primera
          </button>
          <button type="button" onClick={() => go(page - 1)} disabled={page === 0}>
            Anterior
          </button>
          <span aria-live="polite">
            Página {formatCount(page + 1)} de {formatCount(pages)}
          </span>
          <button type="button" onClick={() => go(page + 1)} disabled={page + 1 >= pages}>
            Siguiente
          </button>
          <button type="button" onClick={() => go(pages - 1)} disabled={page + 1 >= pages}>
            Última
          </button>
        </nav>
      </div>
      {check.columnsNotShown > 0 && (
        <p class="hint">
          {`La hoja tiene ${plural(check.columnsNotShown, 'columna más', 'columnas más')} a la derecha, que no se usan para las facturas: no se muestran aquí y se conservan como están en la hoja corregida.`}
        </p>
      )}
      {error !== undefined && (
        <p class="alert" role="alert">
          {error}
        </p>
      )}
      <div class="grid-scroll">
        <table ref={table} role="grid" aria-label="Filas de la hoja" aria-rowcount={data === undefined ? -1 : data.total + 1} class="grid">
          <thead>
            <tr role="row">
              <th role="columnheader" scope="col">
                Fila
              </th>
              <th role="columnheader" scope="col">
                Estado
              </th>
              {columns.map((c) => (
                <th role="columnheader" scope="col" key={c.letter}>
                  <span class="letter">{c.letter}</span> {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data?.rows.map((r) => (
              <tr role="row" key={r.row} class={r.row === focusRow ? 'row--focus' : undefined}>
                <th role="rowheader" scope="row" data-row={r.row} tabIndex={-1}>
                  {r.row}
                </th>
                <td role="gridcell" class={`status-cell status--${(r.status ?? 'none').toLowerCase()}`}>
                  {r.statusLabel ?? (r.rowProblems.length > 0 ? 'SIN FACTURA' : '')}
                  {r.invoice !== undefined && <span class="invoice">{r.invoice}</span>}
                  {r.rowProblems.map((m, i) => (
                    <span key={i} class="row-problem">
                      {m}
                    </span>
                  ))}
                </td>
                {columns.map((c, i) => (
                  <Cell
                    key={i}
                    row={r}
                    index={i}
                    text={r.cells[i] ?? ''}
                    header={c.header}
                    nearRightEdge={i >= columns.length - MESSAGE_LEFT_COLUMNS}
                    editing={editing === `${r.row}-${i}`}
                    onEdit={() => setEditing(`${r.row}-${i}`)}
                    onSave={(v) => save(r.row, i, v)}
                    onCancel={() => cancel(r.row, i)}
                  />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {data !== undefined && data.rows.length === 0 && <p class="hint">{errorsOnly ? 'Ninguna fila tiene errores.' : 'La hoja no tiene filas.'}</p>}
      </div>
    </section>
  );
}
