import { type Caller, CALLER_HEADER, encodeCaller } from '../../identity/caller';
import { REQUEST_ID_HEADER } from '../../nats';
import { randomUUID } from 'node:crypto';
import { headers, JSONCodec, type NatsConnection } from 'nats';
import { z } from 'zod';

const codec = JSONCodec();

/** What a Nest NATS microservice sends back: a result or an error, never both. */
const nestReplySchema = z.object({ response: z.unknown().optional(), err: z.unknown().optional() });
export type NestReply = z.infer<typeof nestReplySchema>;

/**
 * Talks to a service the way any NATS client would, without Nest: Nest expects
 * `{id, pattern, data}` and answers `{id, response | err, isDisposed}`. `caller` goes in the header
 * the gateway sets for a signed-in person; without it the message names nobody.
 */
export async function requestOverNats(
  nats: NatsConnection,
  subject: string,
  data: unknown,
  requestId: string = randomUUID(),
  caller?: Caller,
): Promise<NestReply> {
  const requestHeaders = headers();
  requestHeaders.set(REQUEST_ID_HEADER, requestId);
  if (caller) requestHeaders.set(CALLER_HEADER, encodeCaller(caller));
  const message = await nats.request(subject, codec.encode({ id: randomUUID(), pattern: subject, data }), {
    timeout: 5000,
    headers: requestHeaders,
  });
  const reply = nestReplySchema.parse(codec.decode(message.data));
  return reply.err !== undefined && reply.err !== null ? { err: reply.err } : { response: reply.response };
}
