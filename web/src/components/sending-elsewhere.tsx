/** What the review says when «Revalidar» was refused because another tab or window is sending the same sheet. */
export const SENDING_ELSEWHERE =
  'No se revisó de nuevo: esta hoja se está enviando desde otra ventana. Espere a que termine el envío y pulse «Abrir la revisión de nuevo» para ver cómo quedó cada factura (o vea el envío en el historial).';

interface Props {
  /** Opens the check again as it now is: its submission while it runs, then its statuses. */
  readonly onReload: () => void;
  /** Back to the start, where the history tells the submission. */
  readonly onHistory: () => void;
}

/**
 * A check refused (409, code `sending`) because it is being sent from elsewhere: the review stays as it was (nothing of
 * it is lost), says why, and offers to open the check again once the submission ends. Nothing is polled: the user chooses when.
 */
export function SendingElsewhere({ onReload, onHistory }: Props) {
  return (
    <section class="card" aria-label="Envío desde otra ventana">
      <p class="alert" role="alert">
        {SENDING_ELSEWHERE}
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
