import { useEffect, useState } from 'preact/hooks';
import type { ProblemGroup, ProblemItem } from '../api-client.js';
import { api } from '../api-client.js';
import { plural } from '../format.js';
import { MessageText } from './message-text.js';

interface Props {
  readonly checkId: string;
  readonly onJump: (row: number, letter?: string) => void;
}

function GroupDetails({
  checkId,
  group,
  onJump,
}: {
  readonly checkId: string;
  readonly group: ProblemGroup;
  readonly onJump: (row: number, letter?: string) => void;
}) {
  const [items, setItems] = useState<ProblemItem[] | undefined>(undefined);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (open && items === undefined) void api.problemItems(checkId, group).then(setItems, () => setItems([]));
  }, [open]);
  // A problem of no column is about its invoice as a whole (issued before, a row it may lack…), a row of no invoice, or the sheet.
  const whole = group.invoices > 0 ? 'La factura' : group.firstRow !== undefined ? 'Fila sin factura' : 'La hoja';
  const where = group.column === '' ? whole : `${group.letter !== undefined ? `${group.letter} · ` : ''}${group.column}`;
  const kind = group.severity === 'error' ? 'Error' : 'Advertencia';
  // A note about the sheet (said once) has no count; rows of no invoice count as times.
  const counted = group.invoices > 0 || group.count > 1;
  const values = valuesRead(group);
  return (
    <li class={`problem-group problem-group--${group.severity}`}>
      <details onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>
          <span class="pill">{kind}</span>{' '}
          <strong>
            <bdi>{where}</bdi>
          </strong>
          {counted && <span class="count">: {group.invoices > 0 ? plural(group.invoices, 'factura', 'facturas') : plural(group.count, 'vez', 'veces')}</span>}
          {/* The group's message is its first case's: said as one example, not as what every row of the group has. */}{' '}
          <span class="group-example">
            {group.count > 1 ? `Por ejemplo${group.exampleRow !== undefined ? `, fila ${group.exampleRow}` : ''}: ` : ''}
            <MessageText text={group.example} />
          </span>
          {values !== undefined && ' '}
          {values !== undefined && (
            <span class="group-values">
              Valores que se leyeron: <MessageText text={values} />
            </span>
          )}
        </summary>
        {items === undefined ? (
          <p>Cargando…</p>
        ) : (
          <ul class="problem-items">
            {items.map((p, i) => (
              <li key={i}>
                {p.row !== undefined ? `Fila ${p.row}: ` : ''}
                <MessageText text={p.message} />
              </li>
            ))}
            {group.count > items.length && <li class="hint">…y {plural(group.count - items.length, 'más', 'más')} (todas están en el libro de resultados).</li>}
          </ul>
        )}
      </details>
      {group.firstRow !== undefined && (
        <button type="button" class="link" onClick={() => onJump(group.firstRow ?? 1, group.letter)}>
          Ir a la fila {group.firstRow}
        </button>
      )}
    </li>
  );
}

/** «ML», «BOL» y «CJ»; «ML», «BOL», … y otros: the values a group's problems read, when there are several. */
function valuesRead(group: Pick<ProblemGroup, 'values' | 'moreValues'>): string | undefined {
  const quoted = (group.values ?? []).map((v) => `«${v}»`);
  if (group.moreValues === true) return quoted.length === 0 ? undefined : `${quoted.join(', ')} y otros`;
  if (quoted.length < 2) return undefined;
  return `${quoted.slice(0, -1).join(', ')} y ${quoted[quoted.length - 1] ?? ''}`;
}

/** The problems grouped by kind and column, with counts; each group opens to its rows. */
export function ProblemGroups({ checkId, onJump }: Props) {
  const [groups, setGroups] = useState<ProblemGroup[] | undefined>(undefined);
  useEffect(() => {
    void api.problemGroups(checkId).then(setGroups, () => setGroups([]));
  }, [checkId]);
  if (groups === undefined) return null;
  return (
    <section class="card" aria-labelledby="problems-title">
      <h2 id="problems-title">Problemas encontrados</h2>
      {groups.length === 0 ? (
        <p>No se encontró ningún problema en la hoja.</p>
      ) : (
        <ul class="problem-groups">
          {groups.map((g) => (
            <GroupDetails key={`${g.severity}|${g.code}|${g.column}`} checkId={checkId} group={g} onJump={onJump} />
          ))}
        </ul>
      )}
    </section>
  );
}
