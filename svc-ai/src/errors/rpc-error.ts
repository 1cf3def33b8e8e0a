import { rpcError } from '@masar/contracts/service-kit';
import { AiProviderError } from '../providers/ai-provider-error';

/** A provider failure (unreachable model, unusable answer) as an ErrorReply with its status; anything else unchanged. */
export function asRpcError(error: unknown): unknown {
  return error instanceof AiProviderError ? rpcError(error.statusCode, error.message) : error;
}
