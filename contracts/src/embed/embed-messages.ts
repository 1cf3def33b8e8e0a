import { z } from 'zod';

/**
 * The postMessage contract between a Masar frame (`/embed/<module>`) and the page that frames it
 * (issue 18). The frame always posts with the host's exact origin as target origin, never `*`, and
 * reads only messages whose `event.origin` is that origin. Every message is `{ type, ...fields }`.
 */
export const EMBED_MODULES = ['skill-review', 'learning-path', 'courses', 'progress'] as const;
export type EmbedModule = (typeof EMBED_MODULES)[number];

export function isEmbedModule(value: string): value is EmbedModule {
  return (EMBED_MODULES as readonly string[]).includes(value);
}

/** What the frame tells its host. Ids only: nothing private (no names, no emails, no skill lists). */
export type EmbedFrameMessage =
  /** The frame is listening: send `masar:session` now (and again after a 401). */
  | { type: 'masar:ready'; module: EmbedModule }
  /** The content's height in CSS pixels, on every change (ResizeObserver). */
  | { type: 'masar:resize'; height: number }
  /** The module moved to another of its own pages (a path inside Masar, e.g. `/courses/<id>`). */
  | { type: 'masar:navigate'; path: string }
  /** A person's embed session could not start (the token was refused); the message says why. */
  | { type: 'masar:session-refused'; message: string }
  | { type: 'masar:skills-confirmed'; jobDescriptionId: string | null; skillCount: number }
  | { type: 'masar:path-generated'; learningPathId: string }
  | { type: 'masar:lesson-completed'; courseId: string; lessonId: string }
  | { type: 'masar:course-completed'; courseId: string };

export type EmbedFrameMessageType = EmbedFrameMessage['type'];

/** A path inside Masar: starts with one slash, no scheme, no `//` (which a browser reads as another host). */
const internalPath = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)[^\s\\]*$/, { error: 'must be a path inside Masar such as /courses' });

/** What a host may send the frame; anything else, or from another origin, is ignored. */
export const embedHostMessageSchema = z.discriminatedUnion('type', [
  /** The one-time embed token the host's server got from `POST /api/embed/tokens`. */
  z.object({ type: z.literal('masar:session'), token: z.string().min(1).max(4096) }),
  /** Show another page of the same module. */
  z.object({ type: z.literal('masar:navigate'), path: internalPath }),
]);
export type EmbedHostMessage = z.infer<typeof embedHostMessageSchema>;

/** `POST /api/embed/tokens` (server to server, HTTP Basic with the embed client's id and secret). */
export const embedTokenRequestSchema = z.object({
  userEmail: z.string().trim().toLowerCase().email({ error: 'must be the email of a Masar account' }).max(254),
  audience: z.string().trim().min(1).max(300),
});
export type EmbedTokenRequest = z.infer<typeof embedTokenRequestSchema>;

export const embedTokenReplySchema = z.object({ token: z.string(), expiresIn: z.number().int().positive() });
export type EmbedTokenReply = z.infer<typeof embedTokenReplySchema>;

/** `POST /api/embed/session`: the frame trades the token for a session bound to its host. */
export const embedSessionRequestSchema = z.object({
  token: z.string().trim().min(1, { error: 'is required' }).max(4096),
  hostOrigin: z.string().trim().min(1, { error: 'is required' }).max(300),
});
export type EmbedSessionRequest = z.infer<typeof embedSessionRequestSchema>;

/** The header that carries the embed session token on the frame's API calls (no third-party cookie needed). */
export const EMBED_SESSION_HEADER = 'x-masar-session';

/**
 * An origin as browsers write it (`https://suite.example.com`, `http://127.0.0.1:8392`), or null.
 * No path, query, credentials or trailing slash: the origin checks compare strings exactly.
 */
export function exactOrigin(value: string): string | null {
  if (!/^https?:\/\/[^/?#\s]+$/i.test(value)) return null;
  try {
    return new URL(value).origin === value ? value : null;
  } catch {
    return null;
  }
}
