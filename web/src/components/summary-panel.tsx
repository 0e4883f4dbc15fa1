import type { CheckView } from '../api-client.js';
import { formatAmount, formatCount, plural } from '../format.js';
import { countByStatus } from '../status-counts.js';

/** The result in numbers, as the results workbook's «Resumen»: invoices by status, totals by currency. */
export function SummaryPanel({ check }: { readonly check: CheckView }) {
  // Once sent, the totals are those of the invoices the service accepted (in this submission or an earlier one):
  // the caption says both, so that its count is the statuses' sum (ACEPTADO and ACEPTADO ANTES), not ACEPTADO's alone.
  const acceptedNow = countByStatus(check, 'ACCEPTED');
  const acceptedBefore = countByStatus(check, 'SKIPPED');
  const accepted = acceptedNow + acceptedBefore > 0;
  // A check: its valid invoices (would be sent) are totalled beside those it found issued before.
  const valid = countByStatus(check, 'VALID');
  // Found by a check, «Enviar» will not send them; skipped by a submission, it did not.
  const notAgain = check.issuedBefore > 0 ? '«Enviar» no las envía de nuevo' : 'no se enviaron de nuevo';
  return (
    <section class="card" aria-labelledby="summary-title">
      <h2 id="summary-title">Resumen</h2>
      <p>
        {plural(check.invoices, 'factura', 'facturas')} en {plural(check.rowsRead, 'fila', 'filas')} · {plural(check.errors, 'error', 'errores')} ·{' '}
        {plural(check.warnings, 'advertencia', 'advertencias')}
      </p>
      <ul class="status-counts" aria-label="Facturas por estado">
        {check.byStatus.map((s) => (
          <li key={s.status} class={`status status--${s.status.toLowerCase()}`}>
            <span class="status-label">{s.label}</span> <strong>{formatCount(s.count)}</strong>
          </li>
        ))}
      </ul>
      {check.byIssuer.length > 1 && (
        <table class="totals">
          <caption>Por emisor («RUC emisor» de la hoja)</caption>
          <thead>
            <tr>
              <th scope="col">Emisor</th>
              <th scope="col">Facturas</th>
              <th scope="col">Estados</th>
            </tr>
          </thead>
          <tbody>
            {check.byIssuer.map((i) => (
              <tr key={i.ruc}>
                <th scope="row">RUC {i.ruc}</th>
                <td>{formatCount(i.invoices)}</td>
                <td>{i.byStatus.map((s) => `${s.label} ${formatCount(s.count)}`).join(' · ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {check.issuedBefore > 0 && (
        <p class="note">
          {check.issuedBefore === 1
            ? '1 factura de la hoja ya se emitió antes (según el diario de envíos): figura como ACEPTADO ANTES y «Enviar» no la envía de nuevo. Si la cambió después de emitirla, su número ya no se puede usar para ella: corríjala con una nota de crédito.'
            : `${formatCount(check.issuedBefore)} facturas de la hoja ya se emitieron antes (según el diario de envíos): figuran como ACEPTADO ANTES y «Enviar» no las envía de nuevo. Si cambió alguna después de emitirla, su número ya no se puede usar para ella: corríjala con una nota de crédito.`}
        </p>
      )}
      {check.totals.length > 0 && (
        <table class="totals">
          <caption>
            Totales de las facturas {valid > 0 && accepted ? 'válidas y aceptadas antes' : accepted ? 'aceptadas' : 'válidas'}, por moneda
            {acceptedBefore > 0 &&
              `: ${valid > 0 ? `${plural(valid, 'válida', 'válidas')} y ` : ''}${acceptedNow > 0 ? `${plural(acceptedNow, 'aceptada en este envío', 'aceptadas en este envío')} y ` : ''}${plural(acceptedBefore, 'aceptada antes', 'aceptadas antes')} (ya emitidas: ${notAgain})`}
          </caption>
          <thead>
            <tr>
              <th scope="col">Moneda</th>
              <th scope="col">Facturas</th>
              <th scope="col">Valor de venta</th>
              <th scope="col">IGV</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {check.totals.map((t) => (
              <tr key={t.moneda}>
                <th scope="row">{t.moneda}</th>
                <td>{formatCount(t.invoices)}</td>
                <td>{formatAmount(t.base)}</td>
                <td>{formatAmount(t.igv)}</td>
                <td>{formatAmount(t.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
