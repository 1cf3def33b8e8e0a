import { z } from 'zod';

/*
 * Video lessons (issue 14, "Video"): a lesson of type video holds a link (YouTube, Vimeo or an https
 * file) or a file an admin uploaded. Only the canonical provider and id (or the checked https
 * address, or the upload's content hash) are stored and sent, never what was pasted and never HTML:
 * the player's address is rebuilt from them on the page. Browser-safe: the edit form checks links
 * with the same code as svc-courses.
 */

/** NATS subject answered by svc-courses (admins only; the gateway checks the role too). */
export const LESSON_VIDEO_SUBJECTS = {
  /** `SetLessonVideoRequest` → `CourseDetail`; `video: null` removes it (and an unused upload with it). */
  SET_LESSON_VIDEO: 'courses.lessons.video.set',
} as const;

/** The JetStream object store of uploaded lesson videos: the gateway writes and serves, svc-courses deletes unused ones. No TTL. */
export const LESSON_VIDEOS_BUCKET = 'masar-lesson-videos';

/** Largest video upload: 100 MB, about 15 minutes of 720p H.264. The gateway holds an upload in memory while it checks it. */
export const DEFAULT_MAX_LESSON_VIDEO_BYTES = 100 * 1024 * 1024;

/** Longest link accepted; real video addresses are far shorter, and a longer one is not worth storing. */
export const VIDEO_LINK_MAX_LENGTH = 2048;

export const LESSON_VIDEO_MEDIA_TYPES = ['video/mp4', 'video/webm', 'video/ogg'] as const;
export type LessonVideoMediaType = (typeof LESSON_VIDEO_MEDIA_TYPES)[number];

export const DIRECT_VIDEO_EXTENSIONS = ['.mp4', '.webm', '.ogg', '.ogv', '.m4v'] as const;

export const VIDEO_LINK_REQUIRED_MESSAGE = 'Please give a video link';
export const VIDEO_LINK_TOO_LONG_MESSAGE = `The video link is too long (at most ${VIDEO_LINK_MAX_LENGTH} characters)`;
export const VIDEO_LINK_INVISIBLE_MESSAGE = 'A video link cannot contain spaces or invisible characters';
export const VIDEO_LINK_NOT_AN_ADDRESS_MESSAGE = 'The video link is not a web address';
export const VIDEO_LINK_NOT_HTTPS_MESSAGE = 'Video links must start with https://';
export const VIDEO_LINK_YOUTUBE_ID_MESSAGE = 'This YouTube link does not name a video';
export const VIDEO_LINK_VIMEO_ID_MESSAGE = 'This Vimeo link does not name a video';
export const VIDEO_LINK_UNSUPPORTED_MESSAGE = 'Use a YouTube or Vimeo link, or an https link to an .mp4, .webm, .ogg or .m4v file';
export const VIDEO_FILE_REQUIRED_MESSAGE = 'Please choose a video file';
export const VIDEO_FILE_TYPE_MESSAGE = 'The file is not an MP4, WebM or Ogg video';
export const VIDEO_ONLY_FOR_VIDEO_LESSONS_MESSAGE = 'Only a video lesson can hold a video';
export const UPLOADED_VIDEO_MISSING_MESSAGE = 'The uploaded video was not found; please upload it again';

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^[0-9]{1,12}$/;
/** The privacy hash of an unlisted Vimeo video (`vimeo.com/<id>/<hash>` or `?h=<hash>`). */
const VIMEO_HASH = /^[0-9a-f]{6,32}$/;
/** An upload's key: the sha256 (hex) of its bytes, so the same file is kept once and keys cannot be guessed. */
export const LESSON_VIDEO_KEY_PATTERN = /^[0-9a-f]{64}$/;

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
const YOUTU_BE_HOSTS = new Set(['youtu.be', 'www.youtu.be']);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com']);
const VIMEO_PLAYER_HOST = 'player.vimeo.com';

/** What a link becomes once understood: nothing of the pasted text but these fields is kept. */
export type LinkedVideo =
  | { kind: 'youtube'; id: string }
  | { kind: 'vimeo'; id: string; hash?: string }
  | { kind: 'file'; url: string };

export type VideoLinkResult = { ok: true; video: LinkedVideo } | { ok: false; message: string };

// Spaces of every kind, controls, zero-width and direction marks, soft hyphens: none belongs in a link.
const INVISIBLE_OR_SPACE = /[\s\p{Cc}\p{Cf}\u00a0\u2028\u2029]/u;
const EDGE_INVISIBLE = /^[\s\p{Cc}\p{Cf}\u00a0]+|[\s\p{Cc}\p{Cf}\u00a0]+$/gu;

const refuse = (message: string): VideoLinkResult => ({ ok: false, message });

function youtubeIdOf(url: URL): string | undefined {
  const [first, second] = url.pathname.split('/').filter(Boolean);
  if (YOUTU_BE_HOSTS.has(url.hostname)) return first;
  if (url.pathname === '/watch') return url.searchParams.get('v') ?? undefined;
  if (first === 'embed' || first === 'shorts' || first === 'live' || first === 'v') return second;
  return undefined;
}

function vimeoOf(url: URL): VideoLinkResult {
  const parts = url.pathname.split('/').filter(Boolean);
  const [id, hashInPath] = url.hostname === VIMEO_PLAYER_HOST ? (parts[0] === 'video' ? parts.slice(1) : []) : parts;
  const hash = hashInPath ?? url.searchParams.get('h') ?? undefined;
  if (id === undefined || !VIMEO_ID.test(id) || (hash !== undefined && !VIMEO_HASH.test(hash))) return refuse(VIDEO_LINK_VIMEO_ID_MESSAGE);
  return { ok: true, video: hash === undefined ? { kind: 'vimeo', id } : { kind: 'vimeo', id, hash } };
}

/**
 * Reads what an admin pasted as a video link: YouTube (watch?v=, youtu.be/, embed/, shorts/),
 * Vimeo (vimeo.com/<id>, player.vimeo.com/video/<id>) or an https address of an .mp4, .webm, .ogg
 * or .m4v file. Hosts are compared whole (youtube.com.evil.example is no YouTube), only https is
 * taken (no javascript:, data: or http:), and a link with credentials, a port, spaces or invisible
 * characters inside is refused with a message a person can act on.
 */
export function parseVideoLink(raw: string): VideoLinkResult {
  const text = raw.replace(EDGE_INVISIBLE, '');
  if (text.length === 0) return refuse(VIDEO_LINK_REQUIRED_MESSAGE);
  if (text.length > VIDEO_LINK_MAX_LENGTH) return refuse(VIDEO_LINK_TOO_LONG_MESSAGE);
  if (INVISIBLE_OR_SPACE.test(text)) return refuse(VIDEO_LINK_INVISIBLE_MESSAGE);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse(/^[a-z][a-z0-9+.-]*:/i.test(text) ? VIDEO_LINK_NOT_HTTPS_MESSAGE : VIDEO_LINK_NOT_AN_ADDRESS_MESSAGE);
  }
  if (url.protocol !== 'https:') return refuse(VIDEO_LINK_NOT_HTTPS_MESSAGE);
  if (url.username !== '' || url.password !== '' || url.port !== '' || url.hostname === '') return refuse(VIDEO_LINK_UNSUPPORTED_MESSAGE);
  const host = url.hostname;
  if (YOUTUBE_HOSTS.has(host) || YOUTU_BE_HOSTS.has(host)) {
    const id = youtubeIdOf(url);
    return id !== undefined && YOUTUBE_ID.test(id) ? { ok: true, video: { kind: 'youtube', id } } : refuse(VIDEO_LINK_YOUTUBE_ID_MESSAGE);
  }
  if (VIMEO_HOSTS.has(host) || host === VIMEO_PLAYER_HOST) return vimeoOf(url);
  const path = url.pathname.toLowerCase();
  // A host needs a dot: "https://intranet/a.mp4" would only ever play inside one office.
  if (host.includes('.') && DIRECT_VIDEO_EXTENSIONS.some((extension) => path.endsWith(extension))) {
    return { ok: true, video: { kind: 'file', url: url.href } };
  }
  return refuse(VIDEO_LINK_UNSUPPORTED_MESSAGE);
}

/** A lesson's video as stored and sent: a canonical link or an upload kept in LESSON_VIDEOS_BUCKET. */
export const lessonVideoSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('youtube'), id: z.string().regex(YOUTUBE_ID) }),
  z.object({ kind: z.literal('vimeo'), id: z.string().regex(VIMEO_ID), hash: z.string().regex(VIMEO_HASH).optional() }),
  z.object({
    kind: z.literal('file'),
    // Checked again as a link, so nothing but a canonical https file address gets stored whoever sends it.
    url: z.string().refine((url) => {
      const parsed = parseVideoLink(url);
      return parsed.ok && parsed.video.kind === 'file' && parsed.video.url === url;
    }, VIDEO_LINK_UNSUPPORTED_MESSAGE),
  }),
  z.object({
    kind: z.literal('upload'),
    key: z.string().regex(LESSON_VIDEO_KEY_PATTERN),
    mediaType: z.enum(LESSON_VIDEO_MEDIA_TYPES),
    bytes: z.number().int().positive(),
  }),
]);
export type LessonVideo = z.infer<typeof lessonVideoSchema>;

/** `PUT /api/courses/:id/lessons/:lessonId/video`: a link, read by `parseVideoLink` with its messages. */
export const setLessonVideoLinkBodySchema = z.object({
  url: z
    .string({ error: VIDEO_LINK_REQUIRED_MESSAGE })
    .transform((url, context) => {
      const parsed = parseVideoLink(url);
      if (parsed.ok) return parsed.video;
      context.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }),
});
export type SetLessonVideoLinkBody = z.output<typeof setLessonVideoLinkBodySchema>;

/** `courses.lessons.video.set`: one lesson of the course; null removes its video. */
export const setLessonVideoRequestSchema = z.object({
  courseId: z.uuid({ error: 'Invalid course id' }),
  lessonId: z.uuid({ error: 'Invalid lesson id' }),
  video: lessonVideoSchema.nullable(),
});
export type SetLessonVideoRequest = z.output<typeof setLessonVideoRequestSchema>;

const EXTENSION_OF_MEDIA_TYPE: Record<LessonVideoMediaType, string> = { 'video/mp4': 'mp4', 'video/webm': 'webm', 'video/ogg': 'ogv' };

/** Where the gateway serves an uploaded video; the extension only tells the player the type. */
export function lessonVideoUploadPath(key: string, mediaType: LessonVideoMediaType): string {
  return `/api/media/lesson-videos/${key}.${EXTENSION_OF_MEDIA_TYPE[mediaType]}`;
}

/** The key and type named by the last segment of a lesson video's address, or undefined for any other name. */
export function lessonVideoFileName(fileName: string): { key: string; mediaType: LessonVideoMediaType } | undefined {
  const match = /^([0-9a-f]{64})\.(mp4|webm|ogv)$/.exec(fileName);
  if (!match) return undefined;
  const mediaType = (Object.keys(EXTENSION_OF_MEDIA_TYPE) as LessonVideoMediaType[]).find((type) => EXTENSION_OF_MEDIA_TYPE[type] === match[2]);
  return mediaType && { key: match[1], mediaType };
}

/** How the page plays a lesson's video: an embedded provider player, or the browser's own. */
export type LessonVideoPlayer = { kind: 'iframe'; provider: 'youtube' | 'vimeo'; src: string } | { kind: 'video'; src: string; mediaType?: LessonVideoMediaType };

export function lessonVideoPlayerOf(video: LessonVideo): LessonVideoPlayer {
  switch (video.kind) {
    case 'youtube':
      // The no-cookie host sets no tracking cookies until the learner plays the video.
      return { kind: 'iframe', provider: 'youtube', src: `https://www.youtube-nocookie.com/embed/${video.id}` };
    case 'vimeo':
      return { kind: 'iframe', provider: 'vimeo', src: `https://player.vimeo.com/video/${video.id}${video.hash ? `?h=${video.hash}` : ''}` };
    case 'file':
      return { kind: 'video', src: video.url };
    case 'upload':
      return { kind: 'video', src: lessonVideoUploadPath(video.key, video.mediaType), mediaType: video.mediaType };
  }
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
}

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

function containsAscii(bytes: Uint8Array, text: string, within: number): boolean {
  const signature = ascii(text);
  for (let offset = 0; offset + signature.length <= Math.min(bytes.length, within); offset += 1) {
    if (startsWith(bytes, signature, offset)) return true;
  }
  return false;
}

/**
 * What a video file's first bytes say it is, whatever it was called: MP4 (an `ftyp` box first, but not
 * QuickTime's `qt  ` brand, which browsers do not play), WebM (an EBML header whose doc type is
 * `webm`) or Ogg (`OggS`). The gateway refuses an upload this does not recognise.
 */
export function detectVideoMediaType(bytes: Uint8Array): LessonVideoMediaType | undefined {
  if (startsWith(bytes, ascii('ftyp'), 4)) return startsWith(bytes, ascii('qt  '), 8) ? undefined : 'video/mp4';
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return containsAscii(bytes, 'webm', 64) ? 'video/webm' : undefined;
  if (startsWith(bytes, ascii('OggS'))) return 'video/ogg';
  return undefined;
}
