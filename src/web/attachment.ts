import contentDisposition from 'content-disposition';

/**
 * RFC 6266 `Content-Disposition: attachment` with the UTF-8 name (RFC 8187, as jshttp's
 * content-disposition encodes it: `'()*` too) and an ASCII fallback without accents for old clients.
 */
export function attachment(name: string): string {
  const ascii = name
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\%]/g, '_');
  return contentDisposition(name, { type: 'attachment', fallback: ascii === '' ? 'archivo' : ascii });
}
