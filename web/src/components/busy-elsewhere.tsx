import type { ErrorCode } from '../api-client.js';

/** What the review says when «Revalidar» was refused because another tab or window is sending the same sheet. */
export const SENDING_ELSEWHERE =
  'No se revisó de nuevo: esta hoja se está enviando desde otra ventana. Espere a que termine el envío y pulse «Abrir la revisión de nuevo» para ver cómo quedó cada factura (o vea el envío en el historial).';

/** What the review says when «Revalidar» was refused because another tab or window is checking the same sheet again. */
export const CHECKING_ELSEWHERE =
  'No se revisó de nuevo: esta hoja ya se está revisando desde otra ventana. Espere a que termine esa revisión y pulse «Abrir la revisión de nuevo» para ver su resultado.';

/** Per refusal: the notice and the name of its region. */
const SAID: Readonly<Record<ErrorCode, { readonly notice: string; readonly label: string }>> = {
  sending: { notice: SENDING_ELSEWHERE, label: 'Envío desde otra ventana' },
  running: { notice: CHECKING_ELSEWHERE, label: 'Revisión desde otra ventana' },
};

interface Props {
  /** Why nothing ran: the sheet is being sent (`sending`) or checked (`running`) from elsewhere. */
  readonly why: ErrorCode;
  /** Opens the check again as it now is: its submission or check while it runs, then its statuses. */
  readonly onReload: () => void;
  /** Back to the start, where the history tells the submission. */
  readonly onHistory: () => void;
}

/**
 * A check refused (409, code `sending` or `running`) because it is being sent or checked from elsewhere: the review stays as
 * it was (nothing of it is lost), says why, and offers to open the check again once that ends. Nothing is polled: the user chooses when.
 */
export function BusyElsewhere({ why, onReload, onHistory }: Props) {
  const { notice, label } = SAID[why];
  return (
    <section class="card" aria-label={label}>
      <p class="alert" role="alert">
        {notice}
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
