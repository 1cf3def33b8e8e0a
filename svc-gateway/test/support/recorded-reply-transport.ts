import { type Caller, CALLER_HEADER, encodeCaller, REQUEST_ID_HEADER } from '@masar/contracts';
import type { Request, Response } from 'express';
import { MsgHdrs } from 'nats';
import pino from 'pino';
import { GatewayConfig, loadConfig } from '../../src/config';
import { NatsRequester } from '../../src/nats/nats-connection';
import { ServiceClient } from '../../src/nats/service-client';
import { requestIdMiddleware, setCurrentCaller } from '../../src/logging/request-context';

/**
 * Every message the gateway sends for a signed-in person names them with `.given(...callerState(caller))`
 * (pact-js cannot record a synchronous message's request metadata; see the kit's pact-caller.ts), and
 * the consumer test checks the gateway sent exactly that caller in the header.
 */
export { callerState } from '@masar/contracts/service-kit/testing';

/** Runs `work` as the session guard leaves an authenticated HTTP request: inside its context, with its caller. */
function asSignedIn<T>(caller: Caller, work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = { headers: {} } as Request;
    const response = { setHeader: () => response } as unknown as Response;
    requestIdMiddleware(request, response, () => {
      setCurrentCaller(caller);
      work().then(resolve, reject);
    });
  });
}

/** What the gateway put on the wire for one request. */
export interface SentRequest {
  subject: string;
  /** The Nest packet: `{pattern, data, id}`. */
  packet: { pattern: string; data: unknown; id: string };
  headers: MsgHdrs;
}

/**
 * Stands in for NATS underneath ServiceClient in the gateway's Pact consumer tests: it keeps what
 * the gateway sent and hands back the recorded reply packet, so everything above the wire (reading
 * the reply packet, ServiceClient's error mapping, the contract schemas, the service's client) runs
 * for real.
 */
export class RecordedReplyTransport implements NatsRequester {
  readonly sent: SentRequest[] = [];

  constructor(private readonly replyPacket: unknown) {}

  async request(subject: string, data: Uint8Array, options: { timeout: number; headers: MsgHdrs }) {
    this.sent.push({ subject, packet: JSON.parse(new TextDecoder().decode(data)), headers: options.headers });
    return { data: new TextEncoder().encode(JSON.stringify({ ...(this.replyPacket as object), isDisposed: true })) };
  }
}

/** What pact-js hands a synchronous-message test: the recorded request and response contents. */
export interface SynchronousMessage {
  Request: { content: unknown };
  Response: { content: unknown }[];
}

export function jsonOf(content: unknown): unknown {
  return JSON.parse(Buffer.isBuffer(content) ? content.toString('utf8') : String(content));
}

/**
 * Runs one client call against a recorded reply and checks that the gateway sent exactly the
 * recorded request, with a request id in the NATS headers, and with `caller` (the one the
 * interaction's provider state names) in the caller header, or no caller header when none is given.
 */
export async function replayAgainstGateway<TClient, TResult>(
  message: SynchronousMessage,
  clientOf: (services: ServiceClient, config: GatewayConfig) => TClient,
  call: (client: TClient) => Promise<TResult>,
  caller?: Caller,
): Promise<{ result?: TResult; error?: unknown }> {
  const transport = new RecordedReplyTransport(jsonOf(message.Response[0].content));
  const config = loadConfig({});
  const client = clientOf(new ServiceClient(transport, config, pino({ level: 'silent' })), config);
  let outcome: { result?: TResult; error?: unknown };
  try {
    outcome = { result: await (caller ? asSignedIn(caller, () => call(client)) : call(client)) };
  } catch (error) {
    outcome = { error };
  }
  expect(transport.sent).toHaveLength(1);
  const sent = transport.sent[0];
  expect(sent.packet.pattern).toBe(sent.subject);
  expect(sent.packet.data).toEqual(jsonOf(message.Request.content));
  expect(sent.headers.get(REQUEST_ID_HEADER)).toMatch(/^[\w-]+$/);
  if (caller) {
    expect(sent.headers.get(CALLER_HEADER)).toBe(encodeCaller(caller));
  } else {
    expect(sent.headers.has(CALLER_HEADER)).toBe(false);
  }
  return outcome;
}
