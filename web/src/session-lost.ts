/**
 * A page whose session the server no longer takes: it was opened (openSession succeeded), and a call is then
 * refused with 401. The secret it keeps lives as long as one run of `factura-import serve`, so the program was
 * closed and started again (or another run took the address) while the page stayed open. Every part of the
 * page would say the refusal on its own, each in the link's words; the page says it once instead, what happened
 * and what to do (SESSION_LOST), in place of the workspace. A page loaded again (F5, a second tab) with the secret
 * of a run of serve before says the same (SessionLost), not the refusal of a link.
 */
export const SESSION_LOST_TITLE = 'Esta página quedó de una sesión anterior';

export const SESSION_LOST =
  '«factura-import serve» se cerró o se inició de nuevo después de abrir esta página, y esta página ya no puede usarse. ' +
  'Abra el enlace nuevo que muestra la terminal de «factura-import serve» (la línea «Abra http://127.0.0.1:… en su navegador»); ' +
  'si el programa está cerrado, inícielo otra vez con «factura-import serve». Sus revisiones siguen guardadas en el espacio de trabajo.';

/** Thrown by openSession when the secret the page kept from an earlier visit (a reload, a second tab) is refused: the session was lost before this load. */
export class SessionLost extends Error {
  constructor() {
    super(SESSION_LOST);
  }
}

let listener: (() => void) | undefined;

/** What the page does when its session is lost (once): set after the session opened, so a refused link is not said as lost. */
export function whenSessionLost(then: () => void): void {
  listener = then;
}

/** A call was refused for the session (401): said once, whatever part of the page made it. */
export function sessionLost(): void {
  const then = listener;
  listener = undefined;
  then?.();
}
