/** The workspace's defaults, kept apart so the command line can show them without loading the server. */
export const DEFAULT_PORT = 7480;
export const DEFAULT_MAX_UPLOAD_MB = 200;

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}
