import { ComponentStatus, ExtractedSkill, extractSkillsReplySchema, Language } from '@masar/contracts';
import { RpcException } from '@nestjs/microservices';
import { OfflineSkillProvider } from '../providers/offline/offline-skill-provider';
import { AiProviderError } from '../providers/ai-provider-error';
import { SkillExtractionProvider } from '../providers/skill-extraction-provider';
import { meterFactory } from '../../test/support/metering.factory';
import { fixtureTaxonomy } from './extraction/__fixtures__/fixture-taxonomy';
import { SkillExtractor } from './extraction/skill-extractor';
import { SkillsService } from './skills.service';

/** A provider whose model is down: what the OpenAI provider throws when it cannot reach the API. */
class UnreachableProvider implements SkillExtractionProvider {
  readonly name = 'openai' as const;
  async extractSkills(): Promise<ExtractedSkill[]> {
    throw new AiProviderError(503, 'The AI model is unavailable: it could not be reached');
  }
  async checkReachable(): Promise<ComponentStatus> {
    return 'down';
  }
}

/** Records the language it was asked to read in. */
class LanguageRecordingProvider implements SkillExtractionProvider {
  readonly name = 'offline' as const;
  languages: Language[] = [];
  async extractSkills(_text: string, language: Language): Promise<ExtractedSkill[]> {
    this.languages.push(language);
    return [];
  }
  async checkReachable(): Promise<ComponentStatus> {
    return 'up';
  }
}

describe('SkillsService', () => {
  const taxonomy = fixtureTaxonomy();
  const extractor = SkillExtractor.fromTaxonomy(taxonomy);

  it('answers the contract reply: skills, language, provider and taxonomy version', async () => {
    const { meter, rows } = meterFactory();
    const reply = await new SkillsService({ offline: new OfflineSkillProvider(extractor) }, taxonomy, meter).extract(
      { text: 'Requirements: Kubernetes and CI/CD' },
      null,
    );
    expect(extractSkillsReplySchema.parse(reply)).toEqual(reply);
    expect(reply).toMatchObject({ language: 'en', provider: 'offline', taxonomyVersion: 'test.0' });
    expect(reply.skills.map((skill) => skill.name)).toEqual(['Kubernetes', 'CI/CD']);
    // One log row: the posting's characters in, the skills' names out, no tokens offline.
    expect(rows).toEqual([
      expect.objectContaining({ feature: 'skill-extraction', provider: 'offline', model: 'built-in', inputCharacters: 34, outputCharacters: 15, inputTokens: 0 }),
    ]);
  });

  it('uses the given language, or detects it from the script', async () => {
    const provider = new LanguageRecordingProvider();
    const service = new SkillsService({ offline: provider }, taxonomy, meterFactory().meter);
    expect((await service.extract({ text: 'خبرة في إدارة المشاريع' }, null)).language).toBe('ar');
    expect((await service.extract({ text: 'Project management', language: 'ar' }, null)).language).toBe('ar');
    expect((await service.extract({ text: 'Project management' }, null)).language).toBe('en');
    expect(provider.languages).toEqual(['ar', 'ar', 'en']);
  });

  it('turns a provider failure into an ErrorReply with its status and message', async () => {
    const { meter, rows } = meterFactory({ provider: 'openai' });
    const service = new SkillsService({ offline: new OfflineSkillProvider(extractor), openai: new UnreachableProvider() }, taxonomy, meter);
    const failure = await service.extract({ text: 'Python' }, null).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RpcException);
    expect((failure as RpcException).getError()).toEqual({
      statusCode: 503,
      message: 'The AI model is unavailable: it could not be reached',
    });
    expect(rows).toEqual([expect.objectContaining({ outcome: 'failed', statusCode: 503, error: 'The AI model is unavailable: it could not be reached' })]);
  });
});
