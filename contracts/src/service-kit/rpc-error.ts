import type { ErrorReply } from '../errors';
import { RpcException } from '@nestjs/microservices';

/** The only way a handler reports failure: an ErrorReply the gateway turns back into HTTP. */
export function rpcError(statusCode: ErrorReply['statusCode'], message: string): RpcException {
  const reply: ErrorReply = { statusCode, message };
  return new RpcException(reply);
}
