import type { JSX } from 'preact';

/** A value a message quotes: «…», from the user's sheet or files (the innermost, when quotes nest). */
const QUOTED = /«([^«»]*)»/g;

/**
 * A message from the server, each value it quotes isolated in a <bdi>: whatever the value holds
 * (right-to-left letters, a bidirectional control in a message stored before the server wrote them
 * visibly) orders itself alone and never reorders the words around it. A U+202E in a cell turned
 * «cantidad: «dos‮» no es un número.» into «cantidad: «dos.oremún nu se on «» on the page.
 */
export function MessageText({ text }: { readonly text: string }) {
  const parts: (string | JSX.Element)[] = [];
  let at = 0;
  for (const match of text.matchAll(QUOTED)) {
    parts.push(`${text.slice(at, match.index)}«`, <bdi key={match.index}>{match[1]}</bdi>, '»');
    at = match.index + match[0].length;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}
