import { z } from 'zod';
import { NUL_CHARACTER, withoutNulCharacters } from '../nul-character';
import { LANGUAGES, USER_ROLES } from './identity.schemas';

/**
 * `identity.sso.sign-in`: the gateway has verified an id_token; svc-identity finds the account linked
 * to (issuer, subject) or creates it (just in time). Replies with a user, or an ErrorReply with 403
 * for a deactivated person.
 */
/**
 * Identity providers and LMSs fill these from their own directories. PostgreSQL text cannot hold U+0000:
 * a NUL in a name is dropped, and an issuer or subject holding one is refused (it names nobody).
 */
const ssoName = z
  .string()
  .transform((name) => withoutNulCharacters(name).trim())
  .pipe(z.string().max(100));
const ssoIdentifier = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((value) => !value.includes(NUL_CHARACTER), 'must not contain a NUL character');

export const ssoSignInRequestSchema = z.object({
  issuer: ssoIdentifier(500),
  subject: ssoIdentifier(255),
  email: z.string().trim().toLowerCase().email().max(254),
  firstName: ssoName,
  lastName: ssoName,
  role: z.enum(USER_ROLES),
  language: z.enum(LANGUAGES),
});
export type SsoSignInRequest = z.infer<typeof ssoSignInRequestSchema>;

/**
 * `identity.user.sso-account`: the identity provider's name for a Masar person (svc-progress names
 * them so in learning records sent to the suite's LRS). `ssoAccount` is null for a person who signs in
 * with a Masar password; one linked to several providers is named by the first link made.
 * A person who does not exist is an ErrorReply with 404.
 */
export const ssoAccountOfUserRequestSchema = z.object({ id: z.uuid() });
export type SsoAccountOfUserRequest = z.infer<typeof ssoAccountOfUserRequestSchema>;

export const ssoAccountOfUserReplySchema = z.object({
  ssoAccount: z.object({ issuer: z.string(), subject: z.string() }).nullable(),
});
export type SsoAccountOfUserReply = z.infer<typeof ssoAccountOfUserReplySchema>;

export const SSO_ACCOUNT_DEACTIVATED_MESSAGE = 'Your Masar account has been deactivated. Ask an administrator to reactivate it.';

/**
 * Why a single sign-on (OIDC or SAML) did not sign the person in. The gateway sends the browser to
 * `/login?signInError=<code>` and the login page shows the matching message in the person's language:
 * a code rather than a message, so nothing a link carries ends up on the page as text.
 */
export const SIGN_IN_ERROR_CODES = [
  'sign-in-expired',
  'other-browser',
  'idp-initiated-off',
  'provider-refused',
  'response-unverified',
  'wrong-audience',
  'assertion-expired',
  'bad-signature',
  'unsigned',
  'replayed',
  'email-missing',
  'email-domain',
  'account-deactivated',
  'provider-unavailable',
  'sign-in-failed',
] as const;
export type SignInErrorCode = (typeof SIGN_IN_ERROR_CODES)[number];

/** The login page's query parameter that carries a SignInErrorCode. */
export const SIGN_IN_ERROR_PARAMETER = 'signInError';

export function isSignInErrorCode(value: unknown): value is SignInErrorCode {
  return typeof value === 'string' && (SIGN_IN_ERROR_CODES as readonly string[]).includes(value);
}
