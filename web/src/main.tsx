import { render } from 'preact';
import { openSession, shownError } from './api-client.js';
import { App } from './app.js';
import { SessionRefusal } from './components/session-refusal.js';
import './styles.css';

const root = document.getElementById('app');
if (root !== null) {
  openSession().then(
    () => render(<App />, root),
    (err: unknown) => render(<SessionRefusal message={shownError(err)} />, root),
  );
}
