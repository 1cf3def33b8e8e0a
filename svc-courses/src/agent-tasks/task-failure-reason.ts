import { RpcException } from '@nestjs/microservices';

/**
 * Why a task failed, in the words of the error the service raised (`rpcError`), or `fallback` for
 * anything unexpected: the person reads it on the task, so never a stack trace.
 */
export function taskFailureReason(error: unknown, fallback = 'an unexpected error occurred'): string {
  if (error instanceof RpcException) {
    const reply = error.getError();
    if (typeof reply === 'object' && reply !== null && 'message' in reply && typeof reply.message === 'string') {
      return reply.message;
    }
    if (typeof reply === 'string') return reply;
  }
  return fallback;
}
