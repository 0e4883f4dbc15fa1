import { localized } from './localized-text.js';
import type { LocalizedText } from './localized-text.js';

/** The rows a header takes, as messages and the page say them: «4 y 5» for two rows, «6 a 8» for more. */
export function shownRowSpan(upper: number, lower: number): LocalizedText {
  return lower - upper === 1 ? localized(`${upper} y ${lower}`, `${upper} and ${lower}`) : localized(`${upper} a ${lower}`, `${upper} to ${lower}`);
}
