/** An account the sandbox knows: what a login must present, and what it answers. */
export interface SandboxAccount {
  /** 11 digits; a login sends it as a JSON number, the answer gives it back as a string. */
  readonly ruc: string;
  readonly mail: string;
  readonly clave: string;
  readonly razonSocial: string;
  /**
   * A test account of the documentation portal (docs/service-contract.md §5.7): a login within an hour of the one
   * that issued its current token gets that same token back.
   */
  readonly testAccount?: boolean;
}

/** What an account's RUC must be: 11 digits (the sandbox checks the shape, the service its own records). */
export const ACCOUNT_RUC = /^\d{11}$/;

/** The account every sandbox knows unless told otherwise; printed by `factura-import sandbox`. */
export const DEMO_ACCOUNT: SandboxAccount = {
  ruc: '20512333797',
  mail: 'demo@factura-import.test',
  clave: 'demo-clave-2026',
  razonSocial: 'DEMO IMPORTACIONES S.A.C.',
};
