/** A multipart body with one file part, as a browser's FormData sends it (the workspace's upload). */
export function multipart(fileName: string, content: Buffer | string): { body: Buffer; type: string } {
  const boundary = '----facturaTest7MA4YWxkTrZu0gW';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="hoja"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}
