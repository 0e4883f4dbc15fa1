/**
 * What the page shows when it holds no session the server takes: a used or wrong link, the address opened without
 * the link, or a secret kept from an earlier run of serve. The words are the server's (NO_SESSION in
 * src/web/security-plugin.ts), as its own refusal page says them.
 */
export function SessionRefusal({ message }: { readonly message: string }) {
  return (
    <main>
      <section class="card" aria-labelledby="refusal-title">
        <h1 id="refusal-title">factura-import: Enlace no válido</h1>
        <p class="alert" role="alert">
          {message}
        </p>
      </section>
    </main>
  );
}
