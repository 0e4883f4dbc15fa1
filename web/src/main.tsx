import { render } from 'preact';
import { openSession, shownError } from './api-client.js';
import { App } from './app.js';
import { SessionRefusal } from './components/session-refusal.js';
import { SESSION_LOST, SESSION_LOST_TITLE, whenSessionLost } from './session-lost.js';
import './styles.css';

const root = document.getElementById('app');
if (root !== null) {
  openSession().then(
    () => {
      // Refused later (serve started again while the page stayed open): one message in place of the workspace.
      whenSessionLost(() => render(<SessionRefusal title={SESSION_LOST_TITLE} message={SESSION_LOST} />, root));
      render(<App />, root);
    },
    (err: unknown) => render(<SessionRefusal message={shownError(err)} />, root),
  );
}
