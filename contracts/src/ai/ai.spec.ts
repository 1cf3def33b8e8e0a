import { serviceHealthReplySchema } from '../health/health';
import { aiHealthReplySchema } from './ai';

describe('aiHealthReplySchema', () => {
  const reply = {
    service: 'ai',
    status: 'up',
    instance: 'host:1',
    uptimeSeconds: 3,
    checks: { provider: 'up' },
    provider: 'offline',
  };

  it('is a ServiceHealthReply that also names the configured provider', () => {
    expect(aiHealthReplySchema.parse(reply)).toEqual(reply);
    expect(serviceHealthReplySchema.safeParse(reply).success).toBe(true);
  });

  it('refuses a provider it does not know', () => {
    expect(aiHealthReplySchema.safeParse({ ...reply, provider: 'anthropic' }).success).toBe(false);
  });
});
