import { AiProvider, aiHealthReplySchema, ComponentStatus, ExtractedSkill, serviceHealthReplySchema } from '@masar/contracts';
import { OfflineSkillProvider } from '../providers/offline/offline-skill-provider';
import { SkillExtractionProvider } from '../providers/skill-extraction-provider';
import { fixtureTaxonomy } from '../skills/extraction/__fixtures__/fixture-taxonomy';
import { SkillExtractor } from '../skills/extraction/skill-extractor';
import { HealthService } from './health.service';

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
    const reply = await new HealthService(new OfflineSkillProvider(SkillExtractor.fromTaxonomy(fixtureTaxonomy()))).check();
    expect(aiHealthReplySchema.parse(reply)).toEqual(reply);
    expect(reply).toMatchObject({ service: 'ai', status: 'up', checks: { provider: 'up' }, provider: 'offline' });
    expect(serviceHealthReplySchema.safeParse(reply).success).toBe(true);
  });

  it.each(['up', 'down'] as const)('reports a remote provider as %s when its API is', async (status) => {
    const reply = await new HealthService(new RemoteProvider(status)).check();
    expect(reply).toMatchObject({ service: 'ai', status, checks: { provider: status }, provider: 'openai' });
  });
});
