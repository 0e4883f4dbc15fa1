/** The contract's error body (docs/service-contract.md §7): the HTTP status as text, a short and a long Spanish message. */
export interface SandboxErrorBody {
  readonly codigo: string;
  readonly mensaje: string;
  readonly detalle: string;
}

export function sandboxErrorBody(status: number, mensaje: string, detalle: string): SandboxErrorBody {
  return { codigo: String(status), mensaje, detalle };
}
