import { describe, expect, it } from 'vitest';
import { loginMailsFromEnv } from '../../src/cli/service-from-env.js';

describe('loginMailsFromEnv (what validate takes of a login: its mail only)', () => {
  it('takes FACTURA_MAIL for FACTURA_RUC and each FACTURA_MAIL_<RUC>, which wins, with no password needed', () => {
    const env = {
      FACTURA_RUC: '20601111111',
      FACTURA_MAIL: ' a@empresa.test ',
      FACTURA_MAIL_20602222226: 'b@empresa.test',
      FACTURA_MAIL_20601111111: 'a2@empresa.test',
    };
    expect(loginMailsFromEnv(env)).toEqual({ loginMails: { '20601111111': 'a2@empresa.test', '20602222226': 'b@empresa.test' } });
  });

  it('gives nothing without a RUC for FACTURA_MAIL, or with blanks', () => {
    expect(loginMailsFromEnv({ FACTURA_MAIL: 'a@empresa.test' })).toEqual({});
    expect(loginMailsFromEnv({ FACTURA_RUC: '20601111111', FACTURA_MAIL: ' ', FACTURA_MAIL_20602222226: '' })).toEqual({});
  });
});
