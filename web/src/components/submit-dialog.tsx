import { useEffect, useRef, useState } from 'preact/hooks';
import type { CheckView, IssuerToSend, SendPlan } from '../api-client.js';
import { formatAmount, formatCount, plural } from '../format.js';
import { alreadyAccepted, countByStatus, toSendNow } from '../status-counts.js';
import { CredentialsForm } from './credentials-form.js';

interface Props {
  readonly check: CheckView;
  /** The sheet's issuers, with their invoices, legal names and whether their login is known. */
  readonly plan: SendPlan;
  /** `issuer`: send only that issuer's invoices (the others are left out of this run). */
  readonly onConfirm: (issuer: string | undefined) => void;
  readonly onCancel: () => void;
  /** A login was given in the page: read the issuers again. */
  readonly onCredentials: () => void;
}

const ACCESS: Readonly<Record<IssuerToSend['access'], string>> = {
  configurado: 'Configurado',
  memoria: 'Indicado en esta sesión (en memoria)',
  falta: 'Falta',
};

/** «RUC 20… · NAME» */
/** A sentence's end after a name that may end in its own abbreviation's dot («S.A.C.»): one dot, not two. */
const withFullStop = (text: string): string => (text.endsWith('.') ? text : `${text}.`);

const issuerName = (i: IssuerToSend): string =>
  i.ruc === undefined ? 'sin RUC emisor' : `RUC ${i.ruc}${i.razonSocial !== undefined ? ` · ${i.razonSocial}` : ''}`;

/** The totals of several issuers' invoices, by currency (amounts as exact decimal text, added in cents). */
function totalsOf(issuers: readonly IssuerToSend[]): { moneda: string; invoices: number; total: string }[] {
  const by = new Map<string, { invoices: number; cents: bigint }>();
  for (const t of issuers.flatMap((i) => i.totals)) {
    const [int = '0', frac = ''] = t.total.replace('-', '').split('.');
    const cents = (BigInt(int) * 100n + BigInt((frac + '00').slice(0, 2))) * (t.total.startsWith('-') ? -1n : 1n);
    const sum = by.get(t.moneda) ?? { invoices: 0, cents: 0n };
    by.set(t.moneda, { invoices: sum.invoices + t.invoices, cents: sum.cents + cents });
  }
  return [...by.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([moneda, s]) => {
      const abs = s.cents < 0n ? -s.cents : s.cents;
      return { moneda, invoices: s.invoices, total: `${s.cents < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}` };
    });
}

/**
 * What «Enviar» will do, before it does it: where, for which issuers (RUC and legal name from a
 * login check), how many invoices and their totals, what stays behind. With several issuers the
 * user sends all or one; an issuer without a login is asked for it here, once.
 */
export function SubmitDialog({ check, plan, onConfirm, onCancel, onCredentials }: Props) {
  const confirm = useRef<HTMLButtonElement>(null);
  const [only, setOnly] = useState<string | undefined>(undefined);
  const [asking, setAsking] = useState<IssuerToSend | undefined>(undefined);
  const issuers = plan.issuers;
  const several = issuers.length > 1;
  // An issuer without a login, alone in the sheet: asked at once.
  const lone = issuers.length === 1 && issuers[0]?.access === 'falta' ? issuers[0] : undefined;
  useEffect(() => {
    if (lone === undefined) confirm.current?.focus();
  }, [lone === undefined]);
  const chosen = only === undefined ? issuers : issuers.filter((i) => i.ruc === only);
  const sending = only === undefined && !several ? toSendNow(check) : chosen.reduce((n, i) => n + i.toSend, 0);
  const invalid = only === undefined ? countByStatus(check, 'INVALID', 'REJECTED') : chosen.reduce((n, i) => n + i.invalid, 0);
  // Accepted in a run, or found issued already in the journal by a check (from this sheet or another): ACCEPTED or SKIPPED, neither sent.
  const accepted = only === undefined ? alreadyAccepted(check) : chosen.reduce((n, i) => n + i.accepted, 0);
  const lacking = chosen.filter((i) => i.toSend > 0 && i.access === 'falta');
  const refused = chosen.filter((i) => i.toSend > 0 && i.loginProblem !== undefined);
  // One issuer: the totals of what goes now (a resumed submission's rest), else (a check stored before they were kept) the check's.
  const totals = only === undefined && !several ? (check.toSendTotals ?? check.totals) : totalsOf(chosen);
  const form = asking ?? lone;
  return (
    <div class="dialog-backdrop">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="submit-title"
        class="card dialog"
        onKeyDown={(e) => {
          if (e.key === 'Escape') onCancel();
        }}
      >
        <h2 id="submit-title">Enviar «{check.fileName}»</h2>
        <ul>
          <li>
            Destino: <strong>{plan.environment}</strong>. {!several && issuers[0] !== undefined && <>Emisor: {withFullStop(issuerName(issuers[0]))}</>}
          </li>
          <li>
            {sending === 1 ? 'Se enviará' : 'Se enviarán'} {plural(sending, 'factura', 'facturas')}.
          </li>
          {invalid > 0 && (
            <li>
              {plural(invalid, 'factura inválida no se enviará', 'facturas inválidas no se enviarán')}: puede corregir{invalid === 1 ? 'la' : 'las'} y
              revalidar.
            </li>
          )}
          {only === undefined && check.lateIssueDates > 0 ? (
            <li>
              {plural(check.lateIssueDates, 'factura tiene', 'facturas tienen')} una fecha de emisión fuera del plazo en que SUNAT las acepta: probablemente{' '}
              {check.lateIssueDates === 1 ? 'la rechace' : 'las rechace'}. Revise «Problemas encontrados» antes de confirmar.
            </li>
          ) : (
            only === undefined &&
            check.withWarnings > 0 && (
              <li>
                {plural(check.withWarnings, 'factura tiene advertencias', 'facturas tienen advertencias')}: revíselas en «Problemas encontrados» antes de
                confirmar.
              </li>
            )
          )}
          {accepted > 0 && <li>{plural(accepted, 'factura ya fue aceptada', 'facturas ya fueron aceptadas')} antes: no se envían de nuevo.</li>}
        </ul>
        {several && (
          <>
            <table class="issuers">
              <caption>Emisores de la hoja</caption>
              <thead>
                <tr>
                  <th scope="col">Emisor</th>
                  <th scope="col">Facturas</th>
                  <th scope="col">Por enviar</th>
                  <th scope="col">Total</th>
                  <th scope="col">Acceso</th>
                </tr>
              </thead>
              <tbody>
                {issuers.map((i) => (
                  <tr key={i.ruc ?? ''}>
                    <th scope="row">
                      {i.ruc === undefined ? 'Sin RUC emisor' : `RUC ${i.ruc}`}
                      {i.razonSocial !== undefined && <span class="invoice">{i.razonSocial}</span>}
                    </th>
                    <td>{formatCount(i.invoices)}</td>
                    <td>{formatCount(i.toSend)}</td>
                    <td>{i.totals.map((t) => `${t.moneda} ${formatAmount(t.total)}`).join(' · ') || '—'}</td>
                    <td>
                      {i.access === 'falta' ? (
                        <button
                          type="button"
                          onClick={() => setAsking(i)}
                          aria-label={`Indicar acceso de ${i.ruc === undefined ? 'las facturas sin RUC emisor' : `RUC ${i.ruc}`}`}
                        >
                          Indicar acceso
                        </button>
                      ) : (
                        ACCESS[i.access]
                      )}
                      {i.loginProblem !== undefined && <span class="row-problem">{i.loginProblem}</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <fieldset class="scope">
              <legend>Qué enviar</legend>
              <label>
                <input type="radio" name="alcance" checked={only === undefined} onChange={() => setOnly(undefined)} /> Todos los emisores
              </label>
              {issuers
                .filter((i) => i.ruc !== undefined && i.toSend > 0)
                .map((i) => (
                  <label key={i.ruc}>
                    <input type="radio" name="alcance" checked={only === i.ruc} onChange={() => setOnly(i.ruc)} /> Solo {issuerName(i)} (
                    {plural(i.toSend, 'factura', 'facturas')})
                  </label>
                ))}
              {only !== undefined && (
                <p class="hint">Las facturas de los demás emisores quedan fuera de este envío (OTRO EMISOR) y se envían después con «Reanudar el envío».</p>
              )}
            </fieldset>
          </>
        )}
        {!several && totals.length > 0 && totals.reduce((n, t) => n + t.invoices, 0) === sending && (
          // Shown when they are exactly what goes now: not when some of it was not totalled (another issuer's, left out of a
          // «solo RUC …» run), nor with an older check's totals of its valid and accepted invoices.
          <table class="totals">
            <caption>Importes de lo que se envía</caption>
            <thead>
              <tr>
                <th scope="col">Moneda</th>
                <th scope="col">Facturas</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {totals.map((t) => (
                <tr key={t.moneda}>
                  <th scope="row">{t.moneda}</th>
                  <td>{formatCount(t.invoices)}</td>
                  <td>{formatAmount(t.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {form !== undefined && (
          <CredentialsForm
            key={form.ruc ?? ''}
            {...(form.ruc !== undefined ? { ruc: form.ruc } : {})}
            asDefault={form.isDefault}
            onSaved={() => {
              setAsking(undefined);
              onCredentials();
            }}
            onCancel={() => (asking !== undefined ? setAsking(undefined) : onCancel())}
          />
        )}
        {lacking.length > 0 && form === undefined && (
          <p class="alert" role="alert">
            Falta el acceso de {lacking.map((i) => (i.ruc === undefined ? 'las facturas sin RUC emisor' : `RUC ${i.ruc}`)).join(', ')}: pulse «Indicar acceso»,
            o envíe solo otro emisor.
          </p>
        )}
        {refused.map((i) => (
          <p key={i.ruc ?? ''} class="alert" role="alert">
            {several ? `${issuerName(i)}: ` : ''}
            {i.loginProblem}
          </p>
        ))}
        <div class="actions actions--below">
          <button
            ref={confirm}
            type="button"
            class="primary"
            onClick={() => onConfirm(only)}
            // Each reason is said in the dialog (the count, the missing access, the refusal); a login form open for an
            // issuer left out of this send («Solo …») does not hold it back.
            disabled={sending === 0 || lacking.length > 0 || refused.length > 0}
          >
            Confirmar envío
          </button>
          <button type="button" onClick={onCancel}>
            {invalid > 0 ? 'Volver a corregir' : 'Cancelar'}
          </button>
        </div>
      </div>
    </div>
  );
}
