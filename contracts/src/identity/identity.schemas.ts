import { z } from 'zod';
import { paginatedSchema } from '../pagination';

export const USER_ROLES = ['admin', 'learner'] as const;
export const userRoleSchema = z.enum(USER_ROLES);
export type UserRole = z.infer<typeof userRoleSchema>;

export const LANGUAGES = ['en', 'ar'] as const;
export const languageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof languageSchema>;

/** The signed-in person as every boundary sees it. Never carries the password hash. */
export const userSchema = z.object({
  id: z.string().uuid(),
  username: z.string(),
  role: userRoleSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  preferredLanguage: languageSchema,
  createdAt: z.string(),
  /** False once an admin deactivated the account: it cannot sign in and its sessions end. */
  active: z.boolean(),
  /** The person must choose a new password before anything else (after a reset, or a generated first password). */
  mustChangePassword: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

const REQUIRED = 'This field is required';

/** `POST /api/auth/login`. Bounds keep a huge body from costing a password hash. */
export const loginRequestSchema = z.object({
  username: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, { error: REQUIRED })
    .max(100, { error: 'Too long' }),
  password: z.string({ error: REQUIRED }).min(1, { error: REQUIRED }).max(256, { error: 'Too long' }),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginReplySchema = z.object({
  message: z.string(),
  user: userSchema,
});
export type LoginReply = z.infer<typeof loginReplySchema>;

export const logoutReplySchema = z.object({
  message: z.string(),
  /** After a single sign-on session: the identity provider's logout, where the browser goes next. */
  providerLogoutUrl: z.string().url().optional(),
});
export type LogoutReply = z.infer<typeof logoutReplySchema>;

/** `identity.credentials.verify`: a user on success, an ErrorReply with 401 otherwise. */
export const verifyCredentialsRequestSchema = loginRequestSchema;
export type VerifyCredentialsRequest = LoginRequest;

/** `identity.user.get` */
export const getUserRequestSchema = z.object({ id: z.string().uuid() });
export type GetUserRequest = z.infer<typeof getUserRequestSchema>;

export const userReplySchema = z.object({ user: userSchema });
export type UserReply = z.infer<typeof userReplySchema>;

/**
 * `PATCH /api/auth/user`: what a person may change about themselves. Strict, so a body
 * carrying `role` (or anything else) is refused with 400: nobody raises their own role.
 */
export const updateProfileRequestSchema = z
  .object({
    firstName: z.string().trim().min(1, { error: 'Too short' }).max(100, { error: 'Too long' }).optional(),
    lastName: z.string().trim().min(1, { error: 'Too short' }).max(100, { error: 'Too long' }).optional(),
    preferredLanguage: languageSchema.optional(),
  })
  .strict();
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

/** `identity.user.update-profile`: the user id comes from the session, never from the body. */
export const updateProfileMessageSchema = z.object({ id: z.string().uuid(), changes: updateProfileRequestSchema });
export type UpdateProfileMessage = z.infer<typeof updateProfileMessageSchema>;

/** `GET /api/admin/users` (admins only) and `identity.users.list`: one page, in username order. */
export const userListSchema = paginatedSchema(userSchema);
export type UserList = z.infer<typeof userListSchema>;
