import { RpcException } from '@nestjs/microservices';
import { z } from 'zod';
import { ZodPayloadPipe } from './zod-payload.pipe';

const pipe = new ZodPayloadPipe(z.object({ page: z.number().int().min(1), title: z.string().min(1) }));

describe('ZodPayloadPipe', () => {
  it('passes a valid payload on, parsed', () => {
    expect(pipe.transform({ page: 2, title: 'Data analyst', extra: true })).toEqual({ page: 2, title: 'Data analyst' });
  });

  it('refuses a bad payload with a 400 ErrorReply naming each bad field', () => {
    let thrown: unknown;
    try {
      pipe.transform({ page: 0, title: '' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RpcException);
    const reply = (thrown as RpcException).getError() as { statusCode: number; message: string };
    expect(reply.statusCode).toBe(400);
    expect(reply.message).toMatch(/^page: .+; title: .+$/);
  });
});
