import type { Profile } from '@node-saml/node-saml';
import { SamlConfig } from '../config';
import { EMAIL_DOMAIN_REFUSED_MESSAGE, EMAIL_MISSING_MESSAGE } from './oidc-claims';
import { personFromSamlProfile } from './saml-attributes';

const saml: SamlConfig = {
  idp: { entityId: 'https://idp.acme.example', entryPoint: 'https://idp.acme.example/sso', signingCertificates: ['MIIC'], logoutUrl: undefined, logoutPostUrl: undefined },
  spEntityId: 'https://masar.acme.example/saml',
  acsUrl: 'https://masar.acme.example/api/auth/saml/acs',
  spKey: null,
  emailAttribute: 'mail',
  nameAttribute: 'cn',
  languageAttribute: 'lang',
  roleClaim: 'memberOf',
  adminRoleValues: ['masar-admins'],
  allowedEmailDomains: ['acme.example'],
  displayName: 'Acme',
  clockSkewMs: 60_000,
  keyPrefix: 'masar:saml:',
  allowIdpInitiated: false,
};

function profile(attributes: Record<string, unknown>, extra: Partial<Profile> = {}): Profile {
  return { issuer: 'https://idp.acme.example', nameID: 'n-1', nameIDFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent', attributes, ...extra };
}

describe('personFromSamlProfile', () => {
  it('maps the configured attributes: email, display name, language, and the role from any of its values', () => {
    expect(personFromSamlProfile(profile({ mail: 'Nour@Acme.example', cn: 'Nour Al Saleh', lang: 'ar-SA', memberOf: ['staff', 'masar-admins'] }), saml)).toEqual({
      person: { issuer: 'https://idp.acme.example', subject: 'n-1', email: 'nour@acme.example', firstName: 'Nour', lastName: 'Al Saleh', role: 'admin', language: 'ar' },
    });
    expect(personFromSamlProfile(profile({ mail: ['nour@acme.example', 'n@acme.example'], memberOf: 'staff' }), saml)).toMatchObject({
      person: { email: 'nour@acme.example', firstName: 'nour', role: 'learner', language: 'en' },
    });
  });

  it('falls back to an email-format NameID, and refuses a missing email or one outside the allowed domains', () => {
    const emailNameId = { nameID: 'sara@acme.example', nameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress' };
    expect(personFromSamlProfile(profile({}, emailNameId), saml)).toMatchObject({ person: { email: 'sara@acme.example', subject: 'sara@acme.example' } });
    expect(personFromSamlProfile(profile({}), saml)).toEqual({ refused: EMAIL_MISSING_MESSAGE, code: 'email-missing' });
    expect(personFromSamlProfile(profile({ mail: 'x@evil.example' }), saml)).toEqual({ refused: EMAIL_DOMAIN_REFUSED_MESSAGE, code: 'email-domain' });
  });

  it("keys the account on the configured IdP entity id, else the assertion's issuer", () => {
    expect(personFromSamlProfile(profile({ mail: 'a@acme.example' }, { issuer: 'other' }), saml)).toMatchObject({ person: { issuer: 'https://idp.acme.example' } });
    expect(personFromSamlProfile(profile({ mail: 'a@acme.example' }, { issuer: 'other' }), { ...saml, idp: { ...saml.idp, entityId: '' } })).toMatchObject({
      person: { issuer: 'other' },
    });
  });
});
