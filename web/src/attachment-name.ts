/**
 * The file name a `Content-Disposition: attachment` answer gives (src/web/attachment.ts writes it): the UTF-8
 * `filename*` (RFC 8187) when there is one, else the plain `filename`, else `fallback`. The page saves a download
 * itself (it fetches it with the session's header), so it names the file as the browser would have.
 */
export function attachmentName(header: string | null, fallback: string): string {
  if (header === null) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(header)?.[1];
  if (extended !== undefined) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // a broken escape: the plain name below
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header)?.[1];
  if (quoted !== undefined) return quoted.replace(/\\(.)/g, '$1');
  const bare = /filename\s*=\s*([^;\s]+)/i.exec(header)?.[1];
  return bare ?? fallback;
}
