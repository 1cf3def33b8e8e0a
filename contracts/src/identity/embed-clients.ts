import { z } from 'zod';

/**
 * Embed clients (issue 18): credentials an admin gives an HR suite's server so it can ask Masar for
 * embed tokens. The secret is shown once, when the client is created; svc-identity keeps its hash.
 */
export const embedClientSchema = z.object({
  id: z.uuid(),
  clientId: z.string(),
  name: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type EmbedClient = z.infer<typeof embedClientSchema>;

export const embedClientListSchema = z.object({ clients: z.array(embedClientSchema) });
export type EmbedClientList = z.infer<typeof embedClientListSchema>;

export const createEmbedClientRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'Please enter a name' })
    .max(100, { error: 'must be at most 100 characters' })
    .refine((name) => /[\p{L}\p{N}]/u.test(name), { error: 'Please enter a name with letters or digits' }),
});
export type CreateEmbedClientRequest = z.infer<typeof createEmbedClientRequestSchema>;

/** The only reply that ever carries the secret. */
export const createdEmbedClientSchema = z.object({ client: embedClientSchema, clientSecret: z.string() });
export type CreatedEmbedClient = z.infer<typeof createdEmbedClientSchema>;

export const embedClientIdRequestSchema = z.object({ id: z.uuid() });
export type EmbedClientIdRequest = z.infer<typeof embedClientIdRequestSchema>;

/** The gateway checks a suite's Basic credentials and finds the person a token is for. */
export const authorizeEmbedClientRequestSchema = z.object({
  clientId: z.string().min(1).max(200),
  clientSecret: z.string().min(1).max(500),
  userEmail: z.string().trim().toLowerCase().max(254),
});
export type AuthorizeEmbedClientRequest = z.infer<typeof authorizeEmbedClientRequestSchema>;
export const authorizeEmbedClientReplySchema = z.object({ clientId: z.string(), userId: z.uuid() });
export type AuthorizeEmbedClientReply = z.infer<typeof authorizeEmbedClientReplySchema>;

/** At exchange time: is the client that asked for this token still allowed (not revoked)? */
export const embedClientActiveRequestSchema = z.object({ clientId: z.string().min(1).max(200) });
export const embedClientActiveReplySchema = z.object({ active: z.boolean() });

export const EMBED_CLIENT_REFUSED_MESSAGE = 'Embed client credentials are invalid or revoked';
export const EMBED_USER_UNKNOWN_MESSAGE = 'No active Masar account has this email';
export const EMBED_CLIENT_NOT_FOUND_MESSAGE = 'Embed client not found';
