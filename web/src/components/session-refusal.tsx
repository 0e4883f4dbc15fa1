/**
 * What the page shows when it holds no session the server takes: a used or wrong link, the address opened without
 * the link, or a secret kept from an earlier run of serve. The words are the server's (NO_SESSION in
 * src/web/security-plugin.ts), as its own refusal page says them; a session lost while the page was open says
 * its own (session-lost.ts), under its own title.
 */
export function SessionRefusal({ message, title = 'Enlace no válido' }: { readonly message: string; readonly title?: string }) {
  return (
    <main>
      <section class="card" aria-labelledby="refusal-title">
        <h1 id="refusal-title">factura-import: {title}</h1>
        <p class="alert" role="alert">
          {message}
        </p>
      </section>
    </main>
  );
}
