import type { ErrorCode } from '../api-client.js';

/** What this window asked that was refused: check the sheet again («Revalidar»), check it with the columns chosen here, or send it («Enviar»). */
export type BusyAsked = 'recheck' | 'columns' | 'submit';

/** How the notice opens, per what was asked: nothing of it ran. */
const NOT_DONE: Readonly<Record<BusyAsked, string>> = {
  recheck: 'No se revisó de nuevo',
  columns: 'No se revisó con las columnas elegidas aquí',
  submit: 'No se envió nada desde esta ventana',
};

/** Why, per refusal (ErrorBody.code), and what to do. */
const BECAUSE: Readonly<Record<ErrorCode, string>> = {
  sending:
    'esta hoja se está enviando desde otra ventana. Espere a que termine el envío y pulse «Abrir la revisión de nuevo» para ver cómo quedó cada factura (o vea el envío en el historial).',
  running: 'esta hoja ya se está revisando desde otra ventana. Espere a que termine esa revisión y pulse «Abrir la revisión de nuevo» para ver su resultado.',
};

/** The columns chosen here were not used: said, and where to choose them again, when the other window's check used its own. */
const COLUMNS_AGAIN = ' Las columnas que eligió aquí siguen en pantalla: si aquella revisión no usó estas, pulse «Revisar la hoja» cuando termine.';

/** Per refusal: the name of its region. */
const LABEL: Readonly<Record<ErrorCode, string>> = { sending: 'Envío desde otra ventana', running: 'Revisión desde otra ventana' };

/** What the notice says when `asked` was refused because the sheet is being sent or checked (`why`) from another tab or window. */
function busyNotice(asked: BusyAsked, why: ErrorCode): string {
  return `${NOT_DONE[asked]}: ${BECAUSE[why]}${asked === 'columns' ? COLUMNS_AGAIN : ''}`;
}

interface Props {
  /** What this window asked. */
  readonly asked: BusyAsked;
  /** Why nothing ran: the sheet is being sent (`sending`) or checked (`running`) from elsewhere. */
  readonly why: ErrorCode;
  /** Opens the check again as it now is: its submission or check while it runs, then its statuses. */
  readonly onReload: () => void;
  /** Back to the start, where the history tells the submission. */
  readonly onHistory: () => void;
}

/**
 * A check refused (409, code `sending` or `running`) because it is being sent or checked from elsewhere: what the page
 * shows stays as it was (the review, or the columns chosen: nothing of it is lost), says why, and offers to open the check
 * again once that ends. Nothing is polled: the user chooses when.
 */
export function BusyElsewhere({ asked, why, onReload, onHistory }: Props) {
  return (
    <section class="card" aria-label={LABEL[why]}>
      <p class="alert" role="alert">
        {busyNotice(asked, why)}
      </p>
      <div class="actions">
        <button type="button" class="primary" onClick={onReload}>
          Abrir la revisión de nuevo
        </button>
        <button type="button" onClick={onHistory}>
          Ver el historial
        </button>
      </div>
    </section>
  );
}
