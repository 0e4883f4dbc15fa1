import { useState } from 'preact/hooks';
import { download, shownError } from '../api-client.js';

/**
 * A button that downloads one of the check's files. Not a link: a link's request cannot carry the session's
 * header (api-client.ts fetches the file with it and saves it). While the file is prepared (the workbooks are
 * written at their first download) the button waits; a refusal is said beside it.
 */
export function DownloadButton({
  path,
  fileName,
  primary,
  children,
}: {
  readonly path: string;
  readonly fileName: string;
  readonly primary?: boolean;
  readonly children: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const start = (): void => {
    setBusy(true);
    setError(undefined);
    download(path, fileName).then(
      () => setBusy(false),
      (err: unknown) => {
        setBusy(false);
        setError(shownError(err));
      },
    );
  };
  return (
    <>
      <button type="button" class={primary === true ? 'primary' : undefined} onClick={start} disabled={busy} aria-busy={busy}>
        {children}
      </button>
      {error !== undefined && (
        <p class="alert" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
