import { OidcConfig } from '../config';
import { EMAIL_DOMAIN_REFUSED_MESSAGE, EMAIL_MISSING_MESSAGE, personFromClaims } from './oidc-claims';

const config: OidcConfig = {
  issuer: 'https://id.acme.example',
  clientId: 'masar',
  clientSecret: '',
  redirectUri: 'https://masar.acme.example/api/auth/oidc/callback',
  postLogoutRedirectUri: undefined,
  roleClaim: 'groups',
  adminRoleValues: ['masar-admins'],
  allowedEmailDomains: ['acme.example'],
  displayName: 'Acme',
  stateKeyPrefix: 'masar:oidc:',
};
const base = { iss: 'https://id.acme.example', sub: 'u-1', email: 'Nour@ACME.example' };

describe('personFromClaims', () => {
  it('maps the role claim whether it is a list or a space-separated string; anything else is a learner', () => {
    expect(personFromClaims({ ...base, groups: ['staff', 'masar-admins'] }, config)).toMatchObject({ person: { role: 'admin' } });
    expect(personFromClaims({ ...base, groups: 'staff masar-admins' }, config)).toMatchObject({ person: { role: 'admin' } });
    expect(personFromClaims({ ...base, groups: ['Masar-Admins'] }, config)).toMatchObject({ person: { role: 'learner' } });
    expect(personFromClaims(base, config)).toMatchObject({ person: { role: 'learner' } });
  });

  it('takes the language from locale and splits a lone name claim', () => {
    expect(personFromClaims({ ...base, locale: 'ar-SA', name: 'Nour Al Saleh' }, config)).toEqual({
      person: { issuer: base.iss, subject: 'u-1', email: 'nour@acme.example', firstName: 'Nour', lastName: 'Al Saleh', role: 'learner', language: 'ar' },
    });
    expect(personFromClaims(base, config)).toMatchObject({ person: { firstName: 'nour', lastName: '', language: 'en' } });
  });

  it('refuses a missing or unverified email, and one outside the allowed domains', () => {
    expect(personFromClaims({ ...base, email: undefined }, config)).toEqual({ refused: EMAIL_MISSING_MESSAGE, code: 'email-missing' });
    expect(personFromClaims({ ...base, email_verified: false }, config)).toEqual({ refused: EMAIL_MISSING_MESSAGE, code: 'email-missing' });
    expect(personFromClaims({ ...base, email: 'nour@acme.example.evil.test' }, config)).toEqual({ refused: EMAIL_DOMAIN_REFUSED_MESSAGE, code: 'email-domain' });
    expect(personFromClaims({ ...base, email: 'nour@evil.test' }, { ...config, allowedEmailDomains: [] })).toMatchObject({ person: { email: 'nour@evil.test' } });
  });
});
