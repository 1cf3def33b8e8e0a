// Node only: how a NestJS message handler learns who is asking, from the header the gateway sets.
import { CALLER_HEADER, type Caller, decodeCaller, type ErrorReply, FORBIDDEN_MESSAGE } from '../index';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { type NatsContext, RpcException } from '@nestjs/microservices';

/** The caller named by a NATS message's headers, or null when the message carries none. */
export function callerOf(context: NatsContext): Caller | null {
  return decodeCaller(context.getHeaders()?.get(CALLER_HEADER));
}

/**
 * `@RequestCaller() caller: Caller` in a handler: the person the gateway says is asking. A message
 * without a valid caller is refused with 401, so no handler that owns per-person data runs blind.
 */
export const RequestCaller = createParamDecorator((_data: unknown, context: ExecutionContext): Caller => {
  const caller = callerOf(context.switchToRpc().getContext<NatsContext>());
  if (!caller) {
    const reply: ErrorReply = { statusCode: 401, message: 'The request does not say who is asking' };
    throw new RpcException(reply);
  }
  return caller;
});

/** What a service answers a learner who asks for admin-only work, whatever the gateway let through: the gateway's own 403. */
export const ADMINS_ONLY_MESSAGE = FORBIDDEN_MESSAGE;

/** Admin-only work refuses anyone else with 403, in the service that owns the data too. */
export function requireAdmin(caller: Caller): void {
  if (caller.role !== 'admin') {
    const reply: ErrorReply = { statusCode: 403, message: ADMINS_ONLY_MESSAGE };
    throw new RpcException(reply);
  }
}
