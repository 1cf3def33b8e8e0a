import { EVENT_SCHEMAS, type EventPayload, type EventSubject } from '@masar/contracts';

/** The JSON of a message pact-js hands a test, whichever form (Buffer, string, object) it comes in. */
export function messageJson(contents: unknown): unknown {
  const raw = (contents as { content?: unknown } | null)?.content ?? contents;
  return JSON.parse(Buffer.isBuffer(raw) ? raw.toString('utf8') : typeof raw === 'string' ? raw : JSON.stringify(raw));
}

/** A recorded event message, as svc-progress' consumer decodes it, checked by the subject's schema. */
export function readEvent<S extends EventSubject>(subject: S, contents: unknown): EventPayload<S> {
  return EVENT_SCHEMAS[subject].parse(messageJson(contents)) as EventPayload<S>;
}
