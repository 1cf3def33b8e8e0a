import { Language, SsoSignInRequest } from '@masar/contracts';
import type { JWTPayload } from 'jose';

/** The LTI 1.3 claims Masar reads (IMS LTI Core 1.3, Deep Linking 2.0, Assignment and Grade Services 2.0). */
export const LTI_CLAIMS = {
  MESSAGE_TYPE: 'https://purl.imsglobal.org/spec/lti/claim/message_type',
  VERSION: 'https://purl.imsglobal.org/spec/lti/claim/version',
  DEPLOYMENT_ID: 'https://purl.imsglobal.org/spec/lti/claim/deployment_id',
  TARGET_LINK_URI: 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri',
  ROLES: 'https://purl.imsglobal.org/spec/lti/claim/roles',
  LAUNCH_PRESENTATION: 'https://purl.imsglobal.org/spec/lti/claim/launch_presentation',
  DEEP_LINKING_SETTINGS: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  DEEP_LINKING_CONTENT_ITEMS: 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items',
  DEEP_LINKING_DATA: 'https://purl.imsglobal.org/spec/lti-dl/claim/data',
  AGS_ENDPOINT: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
} as const;

export const LTI_VERSION = '1.3.0';
export const RESOURCE_LINK_REQUEST = 'LtiResourceLinkRequest';
export const DEEP_LINKING_REQUEST = 'LtiDeepLinkingRequest';
export const DEEP_LINKING_RESPONSE = 'LtiDeepLinkingResponse';

export const LTI_EMAIL_MISSING_MESSAGE =
  'Your LMS did not share your email address with Masar, so Masar cannot sign you in. Ask the LMS administrator to share name and email with this tool.';

/** The prefix of the single sign-on issuer under which svc-identity links LMS accounts, apart from OIDC ones. */
export const LTI_IDENTITY_ISSUER_PREFIX = 'lti:';

/**
 * Context roles that may place Masar content in an LMS course (Deep Linking). Short forms are allowed
 * by LTI 1.3 for context roles; system and institution administrators are full URIs.
 */
const CONTENT_PLACING_ROLES = new Set([
  'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  'http://purl.imsglobal.org/vocab/lis/v2/membership#ContentDeveloper',
  'http://purl.imsglobal.org/vocab/lis/v2/membership#Administrator',
  'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator',
  'http://purl.imsglobal.org/vocab/lis/v2/system/person#Administrator',
  'Instructor',
  'ContentDeveloper',
  'Administrator',
]);

function stringOf(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

export function rolesOf(payload: JWTPayload): string[] {
  const roles = payload[LTI_CLAIMS.ROLES];
  return Array.isArray(roles) ? roles.filter((role): role is string => typeof role === 'string') : [];
}

/** Whether the launch's LMS roles let the person pick what the LMS course links to. */
export function mayPlaceContent(payload: JWTPayload): boolean {
  return rolesOf(payload).some((role) => CONTENT_PLACING_ROLES.has(role));
}

function languageOf(payload: JWTPayload): Language {
  const presentation = payload[LTI_CLAIMS.LAUNCH_PRESENTATION];
  const presentationLocale = presentation && typeof presentation === 'object' ? (presentation as Record<string, unknown>).locale : undefined;
  return (stringOf(presentationLocale) || stringOf(payload.locale)).toLowerCase().startsWith('ar') ? 'ar' : 'en';
}

/**
 * The launched person as svc-identity signs them in just in time, or why they are refused.
 *
 * Everyone comes in as a learner, whatever their LMS roles: an Instructor or Administrator role is
 * scoped to one LMS course or institution, while a Masar admin manages every person, prompt and AI
 * budget of this Masar. An admin promotes a person in Masar's people page when that is meant; the
 * LMS roles only decide who may place content (Deep Linking), for that launch alone.
 */
export function launchedPerson(payload: JWTPayload): { person: SsoSignInRequest } | { refused: string } {
  const email = stringOf(payload.email).toLowerCase();
  if (!email || !email.includes('@')) return { refused: LTI_EMAIL_MISSING_MESSAGE };
  let firstName = stringOf(payload.given_name);
  let lastName = stringOf(payload.family_name);
  if (!firstName && !lastName) {
    const [first = '', ...rest] = stringOf(payload.name).split(/\s+/);
    firstName = first;
    lastName = rest.join(' ');
  }
  return {
    person: {
      issuer: `${LTI_IDENTITY_ISSUER_PREFIX}${stringOf(payload.iss)}`,
      subject: stringOf(payload.sub),
      email,
      firstName: (firstName || email.slice(0, email.indexOf('@'))).slice(0, 100),
      lastName: lastName.slice(0, 100),
      role: 'learner',
      language: languageOf(payload),
    },
  };
}
