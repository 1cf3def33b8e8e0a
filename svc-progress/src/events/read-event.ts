import { EVENT_SCHEMAS, type EventPayload, type EventSubject } from '@masar/contracts';

/** A recorded event message's JSON, as svc-progress' consumer decodes it, checked by the subject's schema. */
export function readEvent<S extends EventSubject>(subject: S, contents: unknown): EventPayload<S> {
  const raw = (contents as { content?: unknown }).content ?? contents;
  const text = Buffer.isBuffer(raw) ? raw.toString('utf8') : typeof raw === 'string' ? raw : JSON.stringify(raw);
  return EVENT_SCHEMAS[subject].parse(JSON.parse(text)) as EventPayload<S>;
}
