/** A text or number field of the service's success body (provider-notes.md: `hash`, `total`…); undefined when it has no such field. */
export function bodyField(body: unknown, name: string): string | number | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
}
