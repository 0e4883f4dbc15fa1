/**
 * This computer's own address, however it is written: `localhost`, any 127.x.x.x, `::1` (with or
 * without the brackets a URL or a Host header puts around it). The one rule the sandbox's Host
 * check, the journal's name for a service and `serve`'s bind address read a loopback name by.
 */
export function isLoopbackHost(hostname: string): boolean {
  const name = hostname.toLowerCase();
  return name === 'localhost' || name === '::1' || name === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

/** How a Host header may spell this computer's loopback (the name `serve` and the sandbox print is the first). */
export const LOOPBACK_NAMES: readonly string[] = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * A Host header's name and port (`[::1]:8080` → `[::1]`, 8080; no port: undefined); undefined for a
 * header that is not a host and port.
 */
export function hostHeaderParts(host: string): { readonly name: string; readonly port?: number } | undefined {
  const m = /^(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(?::(\d{1,5}))?$/i.exec(host);
  if (m === null) return undefined;
  return { name: m[1] ?? '', ...(m[2] !== undefined ? { port: Number(m[2]) } : {}) };
}
