import { Language, SsoSignInRequest, UserRole } from '@masar/contracts';
import { SsoPersonMapping } from '../config';

export const EMAIL_MISSING_MESSAGE = 'Your identity provider did not share a verified email address, so Masar cannot sign you in';
export const EMAIL_DOMAIN_REFUSED_MESSAGE = 'Your email address is not in a domain allowed to sign in to Masar';

export type ClaimsResult = { person: SsoSignInRequest } | { refused: string; code: 'email-missing' | 'email-domain' };

function stringOf(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** A role claim may be one string, a list, or a space-separated string (some providers do each). */
function roleValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  if (typeof value === 'string') return value.split(/\s+/).filter((item) => item.length > 0);
  return [];
}

function roleOf(claims: Record<string, unknown>, config: SsoPersonMapping): UserRole {
  return roleValues(claims[config.roleClaim]).some((value) => config.adminRoleValues.includes(value)) ? 'admin' : 'learner';
}

function languageOf(locale: unknown): Language {
  return stringOf(locale).toLowerCase().startsWith('ar') ? 'ar' : 'en';
}

/** The verified id_token's claims (or a SAML assertion's attributes in their shape) as the person svc-identity signs in, or why they are refused. */
export function personFromClaims(claims: Record<string, unknown>, config: SsoPersonMapping): ClaimsResult {
  const email = stringOf(claims.email).toLowerCase();
  if (!email || claims.email_verified === false) return { refused: EMAIL_MISSING_MESSAGE, code: 'email-missing' };
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (config.allowedEmailDomains.length > 0 && !config.allowedEmailDomains.includes(domain)) {
    return { refused: EMAIL_DOMAIN_REFUSED_MESSAGE, code: 'email-domain' };
  }
  let firstName = stringOf(claims.given_name);
  let lastName = stringOf(claims.family_name);
  if (!firstName && !lastName) {
    const [first = '', ...rest] = stringOf(claims.name).split(/\s+/);
    firstName = first;
    lastName = rest.join(' ');
  }
  return {
    person: {
      issuer: stringOf(claims.iss),
      subject: stringOf(claims.sub),
      email,
      firstName: (firstName || email.slice(0, email.indexOf('@'))).slice(0, 100),
      lastName: lastName.slice(0, 100),
      role: roleOf(claims, config),
      language: languageOf(claims.locale),
    },
  };
}
