/**
 * Characters a name must not carry to the page or a download's name: C0 and C1 controls, line and
 * paragraph separators, and the bidirectional controls that can make «gpj.xlsx» read as «xlsx.jpg».
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what must go
const UNSHOWABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The name the user knows the file by, for display only: its last path segment, without control characters. */
export function displayName(sent: string | undefined): string {
  const last = (sent ?? '').split(/[/\\]/).pop()?.replace(UNSHOWABLE, '').trim() ?? '';
  const name = last === '' || last === '.' || last === '..' ? 'hoja' : last;
  return name.length > 150 ? name.slice(0, 150) : name;
}
