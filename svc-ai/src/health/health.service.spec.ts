import { AiProvider, aiHealthReplySchema, ComponentStatus, ExtractedSkill, serviceHealthReplySchema } from '@masar/contracts';
import { DataSource } from 'typeorm';
import { OfflineSkillProvider } from '../providers/offline/offline-skill-provider';
import { SkillExtractionProvider } from '../providers/skill-extraction-provider';
import { fixtureTaxonomy } from '../skills/extraction/__fixtures__/fixture-taxonomy';
import { SkillExtractor } from '../skills/extraction/skill-extractor';
import { HealthService } from './health.service';

/** A Postgres that answers `SELECT 1`, or one that refuses. */
function postgresThatIs(status: ComponentStatus): DataSource {
  return { query: async () => (status === 'up' ? [{ '?column?': 1 }] : Promise.reject(new Error('connection refused'))) } as unknown as DataSource;
}

const healthOf = (provider: SkillExtractionProvider, postgres: ComponentStatus = 'up') =>
  new HealthService(provider, postgresThatIs(postgres), { service: 'ai', natsUrl: 'nats://127.0.0.1:4222' });

/** A remote provider whose reachability the test decides. */
class RemoteProvider implements SkillExtractionProvider {
  readonly name: AiProvider = 'openai';
  constructor(private readonly status: ComponentStatus) {}
  async extractSkills(): Promise<ExtractedSkill[]> {
    return [];
  }
  async checkReachable(): Promise<ComponentStatus> {
    return this.status;
  }
}

describe('HealthService', () => {
  it('reports the offline provider, always up', async () => {
    const reply = await healthOf(new OfflineSkillProvider(SkillExtractor.fromTaxonomy(fixtureTaxonomy()))).check();
    expect(aiHealthReplySchema.parse(reply)).toEqual(reply);
    expect(reply).toMatchObject({ service: 'ai', status: 'up', checks: { provider: 'up', postgres: 'up' }, provider: 'offline' });
    expect(serviceHealthReplySchema.safeParse(reply).success).toBe(true);
  });

  it.each(['up', 'down'] as const)('reports a remote provider as %s when its API is', async (status) => {
    const reply = await healthOf(new RemoteProvider(status)).check();
    expect(reply).toMatchObject({ service: 'ai', status, checks: { provider: status, postgres: 'up' }, provider: 'openai' });
  });

  it('is down while its Postgres (where the prompt templates are) is', async () => {
    const reply = await healthOf(new OfflineSkillProvider(SkillExtractor.fromTaxonomy(fixtureTaxonomy())), 'down').check();
    expect(reply).toMatchObject({ status: 'down', checks: { provider: 'up', postgres: 'down' } });
  });
});
