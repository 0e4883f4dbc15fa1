import { useEffect, useState } from 'preact/hooks';
import { api } from './api-client.js';

/** How often a page showing a check asks whether it is being sent (ms). */
const EVERY_MS = 1_500;

/**
 * Whether the check is being sent now, asked of the server while the page shows it (none: `undefined`).
 * Another tab may press «Enviar» on the check this page shows: nothing reaches this page then, and what
 * it offers («Revisar de nuevo») the server refuses until the submission ends. Read again every
 * EVERY_MS: the answer turns false once the submission has ended.
 */
export function useSendingNow(checkId: string | undefined): boolean {
  const [sending, setSending] = useState(false);
  useEffect(() => {
    setSending(false);
    if (checkId === undefined) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const ask = (): void => {
      api.check(checkId).then(
        (check) => {
          if (stopped) return;
          setSending(check.sending);
          timer = setTimeout(ask, EVERY_MS);
        },
        // The server gone or the check removed: what the page offers is refused in its own words when pressed.
        () => undefined,
      );
    };
    ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [checkId]);
  return sending;
}
