import { ComponentStatus, ExtractedSkill, Language } from '@masar/contracts';
import { SkillExtractor } from '../../skills/extraction/skill-extractor';
import { SkillExtractionProvider } from '../skill-extraction-provider';

/** The built-in provider: the taxonomy matcher, no network, the same answer every time. */
export class OfflineSkillProvider implements SkillExtractionProvider {
  readonly name = 'offline' as const;

  constructor(private readonly extractor: SkillExtractor) {}

  // The matcher reads English and Arabic alike, so the language needs no branch here.
  async extractSkills(text: string, _language: Language, title?: string): Promise<ExtractedSkill[]> {
    return this.extractor.extract(text, title);
  }

  /** Runs in this process: up whenever the service is. */
  async checkReachable(): Promise<ComponentStatus> {
    return 'up';
  }
}
