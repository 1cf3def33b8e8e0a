import { ExtractSkillsReply, ExtractSkillsRequest } from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { asRpcError } from '../errors/rpc-error';
import { SKILL_EXTRACTION_PROVIDER, SkillExtractionProvider } from '../providers/skill-extraction-provider';
import { detectLanguage } from './language-detector';
import { SKILLS_TAXONOMY } from './skills.tokens';
import type { Taxonomy } from './taxonomy/taxonomy';

@Injectable()
export class SkillsService {
  constructor(
    @Inject(SKILL_EXTRACTION_PROVIDER) private readonly provider: SkillExtractionProvider,
    @Inject(SKILLS_TAXONOMY) private readonly taxonomy: Taxonomy,
  ) {}

  /** Stateless: reads the posting, stores nothing. A provider failure becomes an ErrorReply with its status. */
  async extract(request: ExtractSkillsRequest): Promise<ExtractSkillsReply> {
    const language = request.language ?? detectLanguage(request.text);
    try {
      const skills = await this.provider.extractSkills(request.text, language);
      return { skills, language, provider: this.provider.name, taxonomyVersion: this.taxonomy.version };
    } catch (error) {
      throw asRpcError(error);
    }
  }
}
