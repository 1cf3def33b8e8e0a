import type { ArgumentsHost } from '@nestjs/common';
import { NatsContext, RpcException } from '@nestjs/microservices';
import { firstValueFrom } from 'rxjs';
import { ErrorReplyFilter } from './error-reply.filter';
import { rpcError } from './rpc-error';

function rpcHost(context: NatsContext): ArgumentsHost {
  return {
    getType: () => 'rpc',
    switchToRpc: () => ({ getContext: () => context, getData: () => undefined }),
  } as unknown as ArgumentsHost;
}

async function replyTo(filter: ErrorReplyFilter, exception: unknown): Promise<unknown> {
  return firstValueFrom(filter.catch(exception, rpcHost(new NatsContext(['jobs.list', undefined])))).catch((error: unknown) => error);
}

describe('ErrorReplyFilter', () => {
  const jobs = new ErrorReplyFilter({ service: 'jobs', natsUrl: 'nats://127.0.0.1:4222' });

  it('passes an ErrorReply a handler threw on unchanged', async () => {
    expect(await replyTo(jobs, rpcError(404, 'Job description not found'))).toEqual({
      statusCode: 404,
      message: 'Job description not found',
    });
  });

  it('hides an unexpected error behind a 500 that names the service', async () => {
    expect(await replyTo(jobs, new Error('relation "jobs.job_descriptions" does not exist'))).toEqual({
      statusCode: 500,
      message: 'The jobs service failed to handle the request',
    });
    const ai = new ErrorReplyFilter({ service: 'ai', natsUrl: 'nats://127.0.0.1:4222' });
    expect(await replyTo(ai, new TypeError('undefined is not a function'))).toEqual({
      statusCode: 500,
      message: 'The AI service failed to handle the request',
    });
  });

  it('treats an RpcException without the ErrorReply shape as unexpected', async () => {
    expect(await replyTo(jobs, new RpcException('plain text'))).toEqual({
      statusCode: 500,
      message: 'The jobs service failed to handle the request',
    });
  });
});
