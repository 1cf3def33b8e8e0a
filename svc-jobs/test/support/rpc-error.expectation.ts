import { RpcException } from '@nestjs/microservices';

/** Runs `work` and checks it failed with exactly this ErrorReply. */
export async function expectRpcError(work: () => unknown, statusCode: number, message: string | RegExp): Promise<void> {
  let caught: unknown;
  try {
    await work();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(RpcException);
  const reply = (caught as RpcException).getError() as { statusCode: number; message: string };
  expect(reply.statusCode).toBe(statusCode);
  if (typeof message === 'string') {
    expect(reply.message).toBe(message);
  } else {
    expect(reply.message).toMatch(message);
  }
}
