import { useEffect, useState } from 'preact/hooks';
import type { CheckProgress, CheckView, SubmissionView } from '../api-client.js';
import { api, shownError } from '../api-client.js';
import { formatCount, formatDate, plural } from '../format.js';

/**
 * Earlier checks of this workspace; each reopens without uploading again, or is removed («Eliminar»,
 * asked once more in its own row): its upload, changes and results go, what it sent stays issued.
 */
export function HistoryList({ onOpen }: { readonly onOpen: (check: CheckView) => void }) {
  const [checks, setChecks] = useState<CheckView[] | undefined>(undefined);
  const [sent, setSent] = useState<ReadonlyMap<string, SubmissionView>>(new Map());
  /** The check whose removal is being asked about. */
  const [asking, setAsking] = useState<string | undefined>(undefined);
  const [said, setSaid] = useState<{ readonly text: string; readonly failed: boolean } | undefined>(undefined);
  const forget = (c: CheckView): void => {
    api.forgetCheck(c.id).then(
      (answer) => {
        setChecks((list) => list?.filter((x) => x.id !== c.id));
        setAsking(undefined);
        setSaid({ text: `Se eliminó la revisión de «${answer.forgotten}».`, failed: false });
      },
      (err: unknown) => {
        setAsking(undefined);
        setSaid({ text: shownError(err), failed: true });
      },
    );
  };
  const readSubmissions = (): void =>
    void api.submissions().then(
      (list) => setSent(new Map(list.map((s) => [s.checkId, s]))),
      () => undefined,
    );
  useEffect(() => {
    void api.history().then(setChecks, () => setChecks([]));
    readSubmissions();
  }, []);
  /** A check that was being sent has ended: its row says what it came to. */
  const ended = (id: string): void => {
    api.check(id).then(
      (now) => setChecks((list) => list?.map((x) => (x.id === id ? now : x))),
      () => undefined,
    );
    readSubmissions();
  };
  if (checks === undefined || (checks.length === 0 && said === undefined)) return null;
  return (
    <section class="card" aria-labelledby="history-title">
      <h2 id="history-title">Revisiones anteriores</h2>
      {said !== undefined && (
        <p class={said.failed ? 'alert' : 'note'} role={said.failed ? 'alert' : 'status'}>
          {said.text}
        </p>
      )}
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
          {checks.map((c) => [
            <tr key={c.id}>
              <th scope="row" class="nowrap">
                {c.fileName}
              </th>
              <td class="nowrap">{formatDate(c.createdAt)}</td>
              <td>
                {c.state === 'done' ? (
                  `${plural(c.invoices, 'factura', 'facturas')}: ${c.byStatus.map((s) => `${s.label} ${formatCount(s.count)}`).join(' · ')}`
                ) : c.state === 'failed' ? (
                  // A check that was sending says what stopped the sending, in its own words (not «could not check»).
                  `${sent.has(c.id) ? '' : 'No se pudo revisar: '}${c.failure ?? ''}`
                ) : c.sending ? (
                  // Being sent (from this page, another tab, or before a reload): said so, with how far it is.
                  <SendingProgress checkId={c.id} onEnd={() => ended(c.id)} />
                ) : (
                  'En revisión…'
                )}
                {sent.get(c.id) !== undefined && <Submission s={sent.get(c.id) as SubmissionView} check={c} />}
              </td>
              <td>
                <div class="actions">
                  <button type="button" onClick={() => onOpen(c)} aria-label={`Abrir la revisión de ${c.fileName}`}>
                    Abrir
                  </button>
                  {/* Being checked or sent: not removable until it ends (the server refuses too). */}
                  {c.state !== 'running' && (
                    <button
                      type="button"
                      onClick={() => {
                        setSaid(undefined);
                        setAsking(c.id);
                      }}
                      aria-label={`Eliminar la revisión de ${c.fileName}`}
                      aria-expanded={asking === c.id}
                    >
                      Eliminar
                    </button>
                  )}
                </div>
              </td>
            </tr>,
            asking === c.id && (
              <tr key={`${c.id}-asking`} class="asking">
                <td colSpan={4}>
                  <p>
                    ¿Eliminar la revisión de «{c.fileName}»? Se borran la hoja subida, sus cambios y sus resultados en este espacio de trabajo.
                    {sent.has(c.id)
                      ? ' Las facturas que envió siguen emitidas y anotadas en el diario de envíos: si vuelve a subir la hoja, no se enviarán otra vez.'
                      : ''}
                  </p>
                  <div class="actions">
                    <button type="button" class="danger" onClick={() => forget(c)}>
                      Sí, eliminar
                    </button>
                    <button type="button" onClick={() => setAsking(undefined)}>
                      Cancelar
                    </button>
                  </div>
                </td>
              </tr>
            ),
          ])}
        </tbody>
      </table>
    </section>
  );
}

/**
 * A check's last submission: when and where, what it came to (its own counts: a recheck since
 * replaces the check's counts beside it), how many of the sheet's invoices stand issued (accepted
 * now, or skipped as accepted before), and whether it ended.
 */
function Submission({ s, check }: { readonly s: SubmissionView; readonly check: CheckView }) {
  // Not finished, and its check is being sent: under way (the line above says how far), not «sin terminar».
  const underWay = s.finishedAt === undefined && check.state === 'running' && check.sending;
  if (underWay)
    return (
      <span class="submission">
        Envío iniciado el {formatDate(s.startedAt)} a {s.environment}
        {s.issuer !== undefined ? `, solo RUC ${s.issuer}` : ''}
      </span>
    );
  const ending = s.finishedAt === undefined ? ' (sin terminar)' : s.failure !== undefined ? `: no se envió: ${s.failure}` : s.interrupted ? ' (detenido)' : '';
  const count = (status: string): number => s.byStatus.find((c) => c.status === status)?.count ?? 0;
  const issued = count('ACCEPTED') + count('SKIPPED');
  const counts = (list: SubmissionView['byStatus']): string => list.map((c) => `${c.label} ${formatCount(c.count)}`).join(' · ');
  // Said only when the check's own counts beside it are another run's (a recheck since the submission).
  const outcome = counts(s.byStatus) === counts(check.byStatus) ? '' : counts(s.byStatus);
  return (
    <span class="submission">
      {/* A submission that never sent (refused before its run: another send under way, a login) is not «Enviada». */}
      {s.failure !== undefined ? 'Envío intentado el' : 'Enviada el'} {formatDate(s.startedAt)} a {s.environment}
      {s.issuer !== undefined ? `, solo RUC ${s.issuer}` : ''}
      {ending}
      {outcome !== '' && (
        <>
          {' '}
          — {outcome}
          {count('SKIPPED') > 0 && count('ACCEPTED') > 0 ? ` (${plural(issued, 'emitida', 'emitidas')} en total)` : ''}
        </>
      )}
    </span>
  );
}

/** «Enviando… (1,234 de 3,000)»: a check being sent, with the invoices that have the service's answer, live from the server. */
function SendingProgress({ checkId, onEnd }: { readonly checkId: string; readonly onEnd: () => void }) {
  const [at, setAt] = useState<Extract<CheckProgress, { type: 'progress' }> | undefined>(undefined);
  useEffect(
    () =>
      api.watch(checkId, (e) => {
        if (e.type === 'progress') setAt(e);
        else onEnd();
      }),
    [checkId],
  );
  const total = at?.expected?.invoices;
  const counted =
    at === undefined
      ? ''
      : total !== undefined && total > 0 && at.invoices <= total
        ? ` (${formatCount(at.invoices)} de ${formatCount(total)})`
        : ` (${plural(at.invoices, 'factura', 'facturas')} con respuesta)`;
  return <span class="sending">Enviando…{counted}</span>;
}
