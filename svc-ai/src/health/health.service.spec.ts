import { aiHealthReplySchema, serviceHealthReplySchema } from '@masar/contracts';
import { loadConfig } from '../config';
import { HealthService } from './health.service';

describe('HealthService', () => {
  it.each(['offline', 'openai'] as const)('reports the configured provider (%s)', (provider) => {
    const reply = new HealthService(loadConfig({ AI_PROVIDER: provider })).check();

    expect(aiHealthReplySchema.parse(reply)).toEqual(reply);
    expect(reply).toMatchObject({ service: 'ai', status: 'up', checks: { provider: 'up' }, provider });
  });

  it('stays a valid ServiceHealthReply for the gateway', () => {
    const reply = new HealthService(loadConfig({})).check();
    expect(serviceHealthReplySchema.safeParse(reply).success).toBe(true);
  });
});
