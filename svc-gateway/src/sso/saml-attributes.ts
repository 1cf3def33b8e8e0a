import type { Profile } from '@node-saml/node-saml';
import { SamlConfig } from '../config';
import { ClaimsResult, personFromClaims } from './oidc-claims';

const EMAIL_NAME_ID_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/** A multi-valued attribute's first value (email, name and language are single). */
function firstValue(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * A verified assertion as the person svc-identity signs in: its attributes are put in the shape
 * of OIDC claims so that both protocols map roles, names, languages and email domains alike.
 * The IdP's (entity id, NameID) is the account's key, as (issuer, sub) is for OIDC.
 */
export function personFromSamlProfile(profile: Profile, saml: SamlConfig): ClaimsResult {
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  const email = firstValue(attributes[saml.emailAttribute]) ?? (profile.nameIDFormat === EMAIL_NAME_ID_FORMAT ? profile.nameID : undefined);
  const claims: Record<string, unknown> = {
    iss: saml.idp.entityId || profile.issuer,
    sub: profile.nameID,
    email,
    name: firstValue(attributes[saml.nameAttribute]),
    locale: firstValue(attributes[saml.languageAttribute]),
    roles: attributes[saml.roleClaim],
  };
  return personFromClaims(claims, { ...saml, roleClaim: 'roles' });
}
