import { ComponentStatus, ExtractedSkill, findInstructionSpans, Language, PROMPT_TEMPLATE_NAMES } from '@masar/contracts';
import { Logger } from 'pino';
import { OpenAiConfig } from '../../config';
import { SkillExtractor } from '../../skills/extraction/skill-extractor';
import { SkillExtractionProvider } from '../skill-extraction-provider';
import { LANGUAGE_NAMES_FOR_PROMPTS } from '../../prompts/built-in-prompts';
import { PromptSource } from '../../prompts/prompt-source';
import { OpenAiChat, templateSettings } from './openai-chat';
import { reconcileProposals } from './proposal-reconciler';
import { splitSentences } from '../../skills/extraction/sentence-splitter';
import {
  SKILL_PROPOSALS_RESPONSE_FORMAT,
  skillExtractionMessages,
  skillProposalsSchema,
  withoutInstructions,
} from './skill-extraction-prompt';

/** Short enough for the gateway's health budget; one attempt, no retry. */
const REACHABILITY_TIMEOUT_MS = 1000;
/** Health checks reuse a recent answer rather than calling the API (and spending quota) on every poll. */
const REACHABILITY_CACHE_MS = 30_000;

/**
 * Skill extraction through an OpenAI-compatible chat completions API. The model only proposes:
 * each proposal is mapped to the taxonomy and checked against the posting by `reconcileProposals`.
 * Timeouts, retries and failures are `OpenAiChat`'s: a model that cannot be reached is a 503
 * naming the reason, never a silent switch to another provider.
 */
export class OpenAiSkillProvider implements SkillExtractionProvider {
  readonly name = 'openai' as const;
  private readonly chat: OpenAiChat;
  private lastReachability?: { status: ComponentStatus; checkedAt: number };

  constructor(
    config: OpenAiConfig,
    private readonly extractor: SkillExtractor,
    private readonly prompts: PromptSource,
    private readonly logger: Logger,
  ) {
    this.chat = new OpenAiChat(config, logger);
  }

  async extractSkills(text: string, language: Language, title?: string): Promise<ExtractedSkill[]> {
    // Text addressed to software is never sent: the model cannot obey what it does not read.
    const instructions = findInstructionSpans(text, splitSentences(text));
    const posting = withoutInstructions(text, instructions);
    const prompt = await this.prompts.resolve(PROMPT_TEMPLATE_NAMES.SKILL_EXTRACTION, { language, languageName: LANGUAGE_NAMES_FOR_PROMPTS[language] });
    const answer = await this.chat.complete(
      {
        ...templateSettings(prompt),
        messages: skillExtractionMessages(prompt.system, posting, language),
        response_format: SKILL_PROPOSALS_RESPONSE_FORMAT,
      },
      'The AI model declined to analyse this posting',
    );
    const parsed = skillProposalsSchema.safeParse(this.chat.parseJson(answer));
    if (!parsed.success) {
      throw this.chat.wrongShape(answer, 'The AI model returned JSON without the expected list of skills');
    }
    const proposals = parsed.data.skills;
    const { skills, dropped } = reconcileProposals(this.extractor, text, proposals, title);
    if (dropped.length > 0 || instructions.length > 0) {
      this.logger.info(
        { model: prompt.model, proposed: proposals.length, dropped, withheldInstructions: instructions.length },
        'model proposals dropped or instructions withheld',
      );
    }
    return skills;
  }

  /** Lists the models (a cheap GET) to see whether the API answers; remembered for a short while. */
  async checkReachable(): Promise<ComponentStatus> {
    const now = Date.now();
    if (this.lastReachability && now - this.lastReachability.checkedAt < REACHABILITY_CACHE_MS) {
      return this.lastReachability.status;
    }
    const status = await this.chat.client.models.list({ timeout: REACHABILITY_TIMEOUT_MS, maxRetries: 0 }).then(
      (): ComponentStatus => 'up',
      (): ComponentStatus => 'down',
    );
    this.lastReachability = { status, checkedAt: now };
    return status;
  }
}
