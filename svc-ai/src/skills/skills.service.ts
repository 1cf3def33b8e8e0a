import { Caller, ExtractSkillsReply, ExtractSkillsRequest } from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { AiCallMeter, characterCount } from '../governance/ai-call-meter';
import { providerFor, ProvidersByName } from '../providers/providers-by-name';
import { SKILL_EXTRACTION_PROVIDERS, SkillExtractionProvider } from '../providers/skill-extraction-provider';
import { detectLanguage } from './language-detector';
import { SKILLS_TAXONOMY } from './skills.tokens';
import type { Taxonomy } from './taxonomy/taxonomy';

@Injectable()
export class SkillsService {
  constructor(
    @Inject(SKILL_EXTRACTION_PROVIDERS) private readonly providers: ProvidersByName<SkillExtractionProvider>,
    @Inject(SKILLS_TAXONOMY) private readonly taxonomy: Taxonomy,
    private readonly meter: AiCallMeter,
  ) {}

  /**
   * Reads the posting, stores nothing but the call's log row. The feature's settings choose the
   * provider; a refusal or a provider failure becomes an ErrorReply with its status.
   */
  async extract(request: ExtractSkillsRequest, caller: Caller | null): Promise<ExtractSkillsReply> {
    const language = request.language ?? detectLanguage(request.text);
    return this.meter.run('skill-extraction', caller, characterCount(request.text), async (provider) => {
      const skills = await providerFor(this.providers, provider, 'skill-extraction').extractSkills(request.text, language, request.title);
      return {
        result: { skills, language, provider, taxonomyVersion: this.taxonomy.version },
        // What the feature writes is the skills' names; the evidence is the posting's own text.
        outputCharacters: characterCount(...skills.map((skill) => skill.name)),
      };
    });
  }
}
