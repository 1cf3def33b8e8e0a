import { AiProvider, ComponentStatus, ExtractedSkill, Language } from '@masar/contracts';

/**
 * A model backend that proposes a posting's skills. Two exist: the built-in offline extractor
 * (the default) and an OpenAI-compatible API. Whichever runs, the skills come back as taxonomy
 * skills with evidence found in the posting and confidence calibrated by Masar's own rules.
 */
export interface SkillExtractionProvider {
  readonly name: AiProvider;
  /** `title`, when the posting has one apart from its text, tells the role's seniority. */
  extractSkills(text: string, language: Language, title?: string): Promise<ExtractedSkill[]>;
  /** Whether the model can be reached now, for the health check; never throws. */
  checkReachable(): Promise<ComponentStatus>;
}

/** The backend of the configured provider (`AI_PROVIDER`): what the health check asks. */
export const SKILL_EXTRACTION_PROVIDER = Symbol('SKILL_EXTRACTION_PROVIDER');
/** Every backend that can run (`ProvidersByName<SkillExtractionProvider>`): each call uses its feature's. */
export const SKILL_EXTRACTION_PROVIDERS = Symbol('SKILL_EXTRACTION_PROVIDERS');
