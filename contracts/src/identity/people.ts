import { z } from 'zod';
import { paginationQuerySchema } from '../pagination';
import {
  emailSchema,
  newPasswordSchema,
  personNameSchema,
  usernameSchema,
} from './credentials-policy';
import { languageSchema, userRoleSchema, userSchema } from './identity.schemas';

/**
 * People management: what admins send to add, import, deactivate, reset and promote people, and
 * what everyone sends to change their own password. Over HTTP under `/api/admin/users` and
 * `/api/auth/password`; over NATS on the identity subjects, with the caller in its header.
 */

const REQUIRED = 'This field is required';

/** The answer to a taken username, whatever its case or look-alike form. */
export const USERNAME_TAKEN_MESSAGE = 'That username is already taken';

/** `GET /api/admin/users?search=&role=&status=&page=&pageSize=` and `identity.users.list`. */
export const USER_STATUSES = ['active', 'inactive'] as const;
export const userStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof userStatusSchema>;

export const listUsersQuerySchema = paginationQuerySchema.extend({
  /** Part of a username, a first or last name, or an email, in any case. */
  search: z.string().trim().max(100, { error: 'Too long' }).optional(),
  role: userRoleSchema.optional(),
  status: userStatusSchema.optional(),
});
export type ListUsersQuery = z.infer<typeof listUsersQuerySchema>;

/**
 * `POST /api/admin/users` (admins) and `identity.users.create`: 201 `{user}`, 409 for a taken
 * username. `mustChangePassword` asks the person to choose their own password at first sign-in.
 */
export const createUserRequestSchema = z
  .object({
    username: usernameSchema,
    password: newPasswordSchema,
    firstName: personNameSchema,
    lastName: personNameSchema,
    email: emailSchema,
    role: userRoleSchema.default('learner'),
    preferredLanguage: languageSchema.default('en'),
    mustChangePassword: z.boolean().default(false),
  })
  .strict();
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;
export type CreateUserInput = z.input<typeof createUserRequestSchema>;

/** `PATCH /api/admin/users/:id` (admins, never on themselves): a role, the active flag, or both. */
export const updateUserRequestSchema = z
  .object({ role: userRoleSchema.optional(), active: z.boolean().optional() })
  .strict()
  .refine((changes) => changes.role !== undefined || changes.active !== undefined, {
    error: 'Send a role, an active flag, or both',
  });
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

/** `identity.users.update`: the person is named by id; the admin making the change by the caller header. */
export const updateUserMessageSchema = z.object({ id: z.uuid(), changes: updateUserRequestSchema });
export type UpdateUserMessage = z.infer<typeof updateUserMessageSchema>;

/**
 * `POST /api/admin/users/:id/password` (admins): the admin's new password, or none for a generated
 * one that the reply shows once. Either way the person must change it at the next sign-in.
 */
export const resetPasswordRequestSchema = z.object({ password: newPasswordSchema.optional() }).strict();
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const resetPasswordMessageSchema = z.object({ id: z.uuid(), password: newPasswordSchema.optional() });
export type ResetPasswordMessage = z.infer<typeof resetPasswordMessageSchema>;

export const resetPasswordReplySchema = z.object({
  user: userSchema,
  /** Only when the password was generated: shown to the admin once, stored nowhere in clear. */
  temporaryPassword: z.string().optional(),
});
export type ResetPasswordReply = z.infer<typeof resetPasswordReplySchema>;

/** `POST /api/auth/password` (everyone) and `identity.user.change-password` (the caller's own account). */
export const changePasswordRequestSchema = z
  .object({
    currentPassword: z.string({ error: REQUIRED }).min(1, { error: REQUIRED }).max(1000, { error: 'Too long' }),
    newPassword: newPasswordSchema,
  })
  .strict();
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const changePasswordReplySchema = z.object({ message: z.string(), user: userSchema });
export type ChangePasswordReply = z.infer<typeof changePasswordReplySchema>;

/**
 * CSV import of people (`POST /api/admin/users/import`, multipart field `file`). The header row
 * names the columns, in any order and case; the first four are required, `role` defaults to
 * learner, `preferredLanguage` to en, and an empty `password` is generated (shown once in the report).
 * Imported people always choose their own password at first sign-in.
 */
export const PEOPLE_IMPORT_COLUMNS = [
  'username',
  'firstName',
  'lastName',
  'email',
  'role',
  'preferredLanguage',
  'password',
] as const;
export type PeopleImportColumn = (typeof PEOPLE_IMPORT_COLUMNS)[number];
export const PEOPLE_IMPORT_REQUIRED_COLUMNS: readonly PeopleImportColumn[] = ['username', 'firstName', 'lastName', 'email'];
export const PEOPLE_IMPORT_FILE_FIELD = 'file';
/** 256 KB and 500 people: hashing 500 passwords stays within the import's deadline. */
export const PEOPLE_IMPORT_MAX_BYTES = 256 * 1024;
export const PEOPLE_IMPORT_MAX_ROWS = 500;

/** The template a person downloads: the header row, UTF-8 with a BOM so spreadsheet programs keep Arabic. */
export function peopleImportTemplate(): string {
  return `\uFEFF${PEOPLE_IMPORT_COLUMNS.join(',')}\r\n`;
}

/**
 * `identity.users.import`: the file's bytes as the gateway received them. The bound here only keeps
 * the message small; the service itself answers 413 for a file over PEOPLE_IMPORT_MAX_BYTES.
 */
export const importUsersMessageSchema = z.object({
  fileName: z.string().max(255),
  contentBase64: z.base64().max(PEOPLE_IMPORT_MAX_BYTES * 2),
});
export type ImportUsersMessage = z.infer<typeof importUsersMessageSchema>;

export const importedUserSchema = z.object({
  /** The line's number in the file as a spreadsheet shows it (the header is row 1). */
  row: z.number().int().min(2),
  user: userSchema,
  temporaryPassword: z.string().optional(),
});
export const refusedImportRowSchema = z.object({
  row: z.number().int().min(2),
  username: z.string(),
  reason: z.string(),
});

/**
 * The import's report. Policy: every valid row is added and every invalid row is refused with its
 * reason; the valid rows go in together in one transaction, so a failure adds none of them.
 * A file that cannot be read as a whole (not CSV, empty, too large, wrong header) is a 400 and adds nobody.
 */
export const importUsersReplySchema = z.object({
  added: z.array(importedUserSchema),
  refused: z.array(refusedImportRowSchema),
  totalRows: z.number().int().nonnegative(),
});
export type ImportUsersReply = z.infer<typeof importUsersReplySchema>;
