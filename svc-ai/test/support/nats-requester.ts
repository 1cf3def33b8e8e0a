import { REQUEST_ID_HEADER } from '@masar/contracts';
import { randomUUID } from 'node:crypto';
import { headers, JSONCodec, NatsConnection } from 'nats';
import { z } from 'zod';

const codec = JSONCodec();

/** What a Nest NATS microservice sends back: a result or an error, never both. */
const nestReplySchema = z.object({ response: z.unknown().optional(), err: z.unknown().optional() });
export type NestReply = z.infer<typeof nestReplySchema>;

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
  const reply = nestReplySchema.parse(codec.decode(message.data));
  return reply.err !== undefined && reply.err !== null ? { err: reply.err } : { response: reply.response };
}
