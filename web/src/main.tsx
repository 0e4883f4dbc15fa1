import { render } from 'preact';
import { openSession, shownError } from './api-client.js';
import { App } from './app.js';
import { SessionRefusal } from './components/session-refusal.js';
import { SESSION_LOST, SESSION_LOST_TITLE, SessionLost, whenSessionLost } from './session-lost.js';
import './styles.css';

const root = document.getElementById('app');
if (root !== null) {
  /** The session is lost (serve was started again): one message in place of the workspace, whether the page was open then or loaded since. */
  const lost = (): void => render(<SessionRefusal title={SESSION_LOST_TITLE} message={SESSION_LOST} />, root);
  openSession().then(
    () => {
      // Refused later (serve started again while the page stayed open).
      whenSessionLost(lost);
      render(<App />, root);
    },
    // Reloaded (or opened in a second tab) with the secret of an earlier run of serve: said as lost, not as a refused link.
    (err: unknown) => (err instanceof SessionLost ? lost() : render(<SessionRefusal message={shownError(err)} />, root)),
  );
}
