import { REQUEST_ID_HEADER } from '@masar/contracts';
import { randomUUID } from 'node:crypto';
import { headers, JSONCodec, NatsConnection } from 'nats';

const codec = JSONCodec();

/** What a Nest NATS microservice sends back: a result or an error, never both. */
export interface NestReply {
  response?: unknown;
  err?: unknown;
}

/**
 * Talks to the service the way any NATS client would, without Nest: Nest expects
 * `{id, pattern, data}` and answers `{id, response | err, isDisposed}`.
 */
export async function requestOverNats(
  nats: NatsConnection,
  subject: string,
  data: unknown,
  requestId: string = randomUUID(),
): Promise<NestReply> {
  const requestHeaders = headers();
  requestHeaders.set(REQUEST_ID_HEADER, requestId);
  const message = await nats.request(subject, codec.encode({ id: randomUUID(), pattern: subject, data }), {
    timeout: 5000,
    headers: requestHeaders,
  });
  const reply = codec.decode(message.data) as NestReply & { id?: string; isDisposed?: boolean };
  return reply.err !== undefined && reply.err !== null ? { err: reply.err } : { response: reply.response };
}
