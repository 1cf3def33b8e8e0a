import type { ServiceName } from './nats';

/*
 * Refusals any screen can meet, whichever domain it belongs to. They live here, not in the gateway,
 * because the browser recognises them to show them in the reader's language.
 */

/** 403: a signed-in person whose role a route does not allow. */
export const FORBIDDEN_MESSAGE = 'You do not have permission to do this';

/** 400: text holding U+0000, which PostgreSQL cannot store (see nul-character.ts). */
export const NUL_CHARACTER_MESSAGE = 'Text cannot contain the invisible NUL character (U+0000): remove it and try again';

/** 503: the gateway could not put a learner's report on the events stream. */
export const EVENTS_UNAVAILABLE_MESSAGE = 'The event stream is unavailable; nothing was saved. Try again in a moment.';

const BYTES_PER_MEGABYTE = 1024 * 1024;

/** "10" for 10 MB, "2.5" for 2.5 MB: the size people see in a 413. */
export function formatMegabytes(bytes: number): string {
  return String(Math.round((bytes / BYTES_PER_MEGABYTE) * 10) / 10);
}

/** 413: "File is too large (max 10 MB)"; with a name, '"notes.pdf" is too large (max 2.5 MB)'. */
export function fileTooLargeMessage(maxBytes: number, fileName?: string): string {
  return `${fileName === undefined ? 'File' : `"${fileName}"`} is too large (max ${formatMegabytes(maxBytes)} MB)`;
}

/** 503: "identity is unavailable", when a service does not answer in time. */
export function serviceUnavailableMessage(service: ServiceName): string {
  return `${service} is unavailable`;
}
