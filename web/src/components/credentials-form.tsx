import { useEffect, useRef, useState } from 'preact/hooks';
import type { CredentialsAnswer } from '../api-client.js';
import { api, shownError } from '../api-client.js';

interface Props {
  /** The issuer asked for; absent when the sheet does not say (no «RUC emisor» and no default issuer): the RUC is asked too. */
  readonly ruc?: string;
  /** For the invoices without «RUC emisor». */
  readonly asDefault: boolean;
  readonly onSaved: (answer: CredentialsAnswer) => void;
  readonly onCancel: () => void;
}

/**
 * One issuer's login, asked once when neither the environment nor the credentials file has it.
 * The server checks it with the service and keeps it in memory only; the page keeps no copy (the
 * fields are emptied) and the browser is told not to fill or store it.
 */
export function CredentialsForm({ ruc, asDefault, onSaved, onCancel }: Props) {
  const rucInput = useRef<HTMLInputElement>(null);
  const mail = useRef<HTMLInputElement>(null);
  const clave = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  useEffect(() => (ruc === undefined ? rucInput.current : mail.current)?.focus(), [ruc]);
  const title = ruc === undefined ? 'Acceso del emisor' : `Acceso del emisor RUC ${ruc}`;
  return (
    <form
      class="credentials"
      autocomplete="off"
      aria-label={title}
      onSubmit={(e) => {
        e.preventDefault();
        const given = {
          ruc: ruc ?? rucInput.current?.value.trim() ?? '',
          mail: mail.current?.value.trim() ?? '',
          clave: clave.current?.value ?? '',
          asDefault,
        };
        setBusy(true);
        setError(undefined);
        api.giveCredentials(given).then(
          (answer) => {
            setBusy(false);
            if (clave.current) clave.current.value = '';
            onSaved(answer);
          },
          (err: unknown) => {
            setBusy(false);
            if (clave.current) clave.current.value = '';
            setError(shownError(err));
          },
        );
      }}
    >
      <h3>{title}</h3>
      <p class="note">
        No hay credenciales configuradas para este emisor. Indíquelas una vez: el programa las comprueba con el servicio y las guarda solo en su memoria
        mientras siga abierto; no se escriben en el disco ni en el registro, y el navegador no las guarda. Al cerrar el programa tendrá que indicarlas de nuevo,
        salvo que quien lo instaló las deje configuradas (el README explica cómo).
      </p>
      <div class="fields">
        {ruc === undefined && (
          <label>
            RUC del emisor <input ref={rucInput} type="text" name="ruc-emisor" inputMode="numeric" maxLength={11} autocomplete="off" required />
          </label>
        )}
        <label>
          Correo <input ref={mail} type="text" name="correo-emisor" autocomplete="off" spellcheck={false} required />
        </label>
        <label>
          Clave <input ref={clave} type="password" name="clave-emisor" autocomplete="off" required />
        </label>
      </div>
      {error !== undefined && (
        <p class="alert" role="alert">
          {error}
        </p>
      )}
      <div class="actions">
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Comprobando…' : 'Comprobar y usar'}
        </button>
        <button type="button" onClick={onCancel}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
