import { ErrorReply } from '@masar/contracts';
import { RpcException } from '@nestjs/microservices';
import { AiProviderError } from '../providers/ai-provider-error';

/** The only way a handler reports failure: an ErrorReply the gateway turns back into HTTP. */
export function rpcError(statusCode: ErrorReply['statusCode'], message: string): RpcException {
  const reply: ErrorReply = { statusCode, message };
  return new RpcException(reply);
}

/** A provider failure (unreachable model, unusable answer) as an ErrorReply with its status; anything else unchanged. */
export function asRpcError(error: unknown): unknown {
  return error instanceof AiProviderError ? rpcError(error.statusCode, error.message) : error;
}
