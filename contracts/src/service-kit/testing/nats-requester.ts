import { type Caller, CALLER_HEADER, encodeCaller } from '../../identity/caller';
import { REQUEST_ID_HEADER } from '../../nats';
import { randomUUID } from 'node:crypto';
import { headers, JSONCodec, type NatsConnection } from 'nats';
import { z } from 'zod';

const codec = JSONCodec();

/**
 * How long a test waits for a reply. A service's first request of a run (pdfjs loading, svc-ai answering
 * from a cold start) has passed 5 s on a busy 2-core machine. A service that never answers still fails,
 * before the test's own timeout (20 s or more).
 */
const TEST_REQUEST_TIMEOUT_MS = 15_000;

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
    timeout: TEST_REQUEST_TIMEOUT_MS,
    headers: requestHeaders,
  });
  const reply = nestReplySchema.parse(codec.decode(message.data));
  return reply.err !== undefined && reply.err !== null ? { err: reply.err } : { response: reply.response };
}
