import { z } from 'zod';
import { LANGUAGES, USER_ROLES } from './identity.schemas';

/**
 * `identity.sso.sign-in`: the gateway has verified an id_token; svc-identity finds the account linked
 * to (issuer, subject) or creates it (just in time). Replies with a user, or an ErrorReply with 403
 * for a deactivated person.
 */
export const ssoSignInRequestSchema = z.object({
  issuer: z.string().min(1).max(500),
  subject: z.string().min(1).max(255),
  email: z.string().trim().toLowerCase().email().max(254),
  firstName: z.string().trim().max(100),
  lastName: z.string().trim().max(100),
  role: z.enum(USER_ROLES),
  language: z.enum(LANGUAGES),
});
export type SsoSignInRequest = z.infer<typeof ssoSignInRequestSchema>;

export const SSO_ACCOUNT_DEACTIVATED_MESSAGE = 'Your Masar account has been deactivated. Ask an administrator to reactivate it.';
