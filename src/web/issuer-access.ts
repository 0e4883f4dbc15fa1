import { checkLogin, isValidRuc } from '../index.js';
import type { IssuerCredentials, LoginCheck, ServiceOptions, ValidateOptions } from '../index.js';

/** Where the workspace sends: the service the environment names, or the sandbox `serve --sandbox` started. */
export interface WorkspaceService extends Pick<ServiceOptions, 'authUrl' | 'baseUrl' | 'journalService' | 'trialLogin' | 'valueNames'> {
  /** The default issuer's login (FACTURA_RUC/MAIL/CLAVE, or the sandbox's account). */
  readonly credentials?: ServiceOptions['credentials'];
  /** The logins of the issuers a sheet's emisorRuc column names, by RUC (as `submit` reads them). */
  readonly issuerCredentials?: Readonly<Record<string, IssuerCredentials>>;
  /** How the confirmation names where the invoices go (in Spanish). */
  readonly environment: string;
}

/** Where an issuer's login comes from: the environment or the credentials file, typed in the page (memory), or nowhere yet. */
export type AccessSource = 'configurado' | 'memoria' | 'falta';

/**
 * The issuers' logins the workspace can use: those the environment and the credentials file gave
 * (read at start as `submit` reads them), and those typed once in the page, held in this object
 * for the life of the process only (never written to the database, a file or the log).
 */
export interface IssuerAccess {
  readonly service: WorkspaceService;
  /** The issuer of invoices without «RUC emisor»: FACTURA_RUC (or the sandbox's), else the one typed for them. */
  defaultRuc(): string | undefined;
  sourceOf(ruc: string | undefined): AccessSource;
  /** Checks a typed login with the service and, when it is accepted, holds it; refused: the library's FacturaError. */
  verifyAndHold(ruc: string, credentials: IssuerCredentials, asDefault: boolean): Promise<LoginCheck>;
  /** One login check per issuer and process (the legal name for the confirmation); a failure is tried again next time. */
  loginOf(ruc: string): Promise<LoginCheck> | undefined;
  /** The options `submitSheet` takes: the default login and every issuer's (and the simulator's trial login, for the others). */
  logins(): Pick<ServiceOptions, 'trialLogin'> & { credentials?: ServiceOptions['credentials']; issuerCredentials: Record<string, IssuerCredentials> };
  /** Every password held (configured or typed): what a log line or an error must never show. */
  secrets(): string[];
  /**
   * What a check needs to build the document a submission would send (ValidateOptions.loginMails/loginNames): the
   * mail of each login held, and the legal name of each one already checked with the service in this process
   * (for the confirmation, a submission, a typed login). Nothing is contacted, no password given.
   */
  knownLogins(): Pick<ValidateOptions, 'loginMails' | 'loginNames'>;
}

export function createIssuerAccess(service: WorkspaceService): IssuerAccess {
  const typed = new Map<string, IssuerCredentials>();
  let typedDefault: string | undefined;
  const logins = new Map<string, Promise<LoginCheck>>();
  /** The legal name each login checked in this process gave, by RUC. */
  const names = new Map<string, string>();
  const remember = (ruc: string, check: Promise<LoginCheck>): void => {
    check.then(
      (l) => {
        if (l.razonSocial !== undefined) names.set(ruc, l.razonSocial);
      },
      () => undefined,
    );
  };
  const trial = (ruc: string): IssuerCredentials | undefined => (service.trialLogin !== undefined && isValidRuc(ruc) ? service.trialLogin : undefined);
  const configured = (ruc: string): IssuerCredentials | undefined =>
    service.issuerCredentials?.[ruc] ?? (service.credentials?.ruc === ruc ? service.credentials : trial(ruc));
  const credentialsOf = (ruc: string): IssuerCredentials | undefined => configured(ruc) ?? typed.get(ruc);
  const login = (ruc: string, c: IssuerCredentials): Promise<LoginCheck> =>
    checkLogin({
      credentials: { ruc, mail: c.mail, clave: c.clave },
      authUrl: service.authUrl,
      baseUrl: service.baseUrl,
      // Where serve read the service and its logins (the environment): its messages name them so.
      ...(service.valueNames !== undefined ? { valueNames: service.valueNames } : {}),
    });

  return {
    service,
    defaultRuc: () => service.credentials?.ruc ?? typedDefault,
    sourceOf(ruc) {
      if (ruc === undefined) return 'falta';
      return configured(ruc) !== undefined ? 'configurado' : typed.has(ruc) ? 'memoria' : 'falta';
    },
    async verifyAndHold(ruc, credentials, asDefault) {
      const check = await login(ruc, credentials);
      typed.set(ruc, { mail: credentials.mail, clave: credentials.clave });
      if (asDefault && service.credentials === undefined) typedDefault = ruc;
      logins.set(ruc, Promise.resolve(check));
      if (check.razonSocial !== undefined) names.set(ruc, check.razonSocial);
      return check;
    },
    loginOf(ruc) {
      const c = credentialsOf(ruc);
      if (c === undefined) return undefined;
      let check = logins.get(ruc);
      if (check === undefined) {
        check = login(ruc, c);
        logins.set(ruc, check);
        check.catch(() => logins.delete(ruc));
        remember(ruc, check);
      }
      return check;
    },
    logins() {
      const def = service.credentials ?? (typedDefault !== undefined ? { ruc: typedDefault, ...(typed.get(typedDefault) as IssuerCredentials) } : undefined);
      return {
        ...(def !== undefined ? { credentials: def } : {}),
        issuerCredentials: { ...Object.fromEntries(typed), ...service.issuerCredentials },
        ...(service.trialLogin !== undefined ? { trialLogin: service.trialLogin } : {}),
      };
    },
    knownLogins() {
      const mails: Record<string, string> = {};
      const loginNames: Record<string, string> = {};
      const held = [service.credentials?.ruc, ...Object.keys(service.issuerCredentials ?? {}), ...typed.keys(), ...names.keys()];
      for (const ruc of held) {
        const mail = ruc === undefined ? undefined : credentialsOf(ruc)?.mail;
        if (ruc === undefined || mail === undefined) continue;
        mails[ruc] = mail;
        const name = names.get(ruc);
        if (name !== undefined) loginNames[ruc] = name;
      }
      return {
        ...(Object.keys(mails).length > 0 ? { loginMails: mails } : {}),
        ...(Object.keys(loginNames).length > 0 ? { loginNames } : {}),
      };
    },
    secrets: () =>
      [
        service.credentials?.clave,
        service.trialLogin?.clave,
        ...Object.values(service.issuerCredentials ?? {}).map((c) => c.clave),
        ...[...typed.values()].map((c) => c.clave),
      ].filter((s): s is string => s !== undefined && s.length > 0),
  };
}
