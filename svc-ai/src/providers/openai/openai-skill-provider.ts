import { ComponentStatus, ExtractedSkill, Language } from '@masar/contracts';
import OpenAI from 'openai';
import { Logger } from 'pino';
import { OpenAiConfig } from '../../config';
import { SkillExtractor } from '../../skills/extraction/skill-extractor';
import { AiProviderError, SkillExtractionProvider } from '../skill-extraction-provider';
import { reconcileProposals } from './proposal-reconciler';
import { SKILL_PROPOSALS_RESPONSE_FORMAT, skillExtractionMessages, skillProposalsSchema } from './skill-extraction-prompt';

/**
 * The SDK aborts an attempt at its timeout. Node's fetch then rejects with a DOMException that
 * the SDK only recognises as a timeout when it comes from the SDK's own realm (not so under a VM
 * such as Jest's), so the rejection is restated as an error that says it timed out.
 */
const fetchNamingTimeouts: typeof fetch = async (input, init) => {
  try {
    return await fetch(input, init);
  } catch (error) {
    if (init?.signal?.aborted) throw new Error('Request timed out', { cause: error });
    throw error;
  }
};

/** Short enough for the gateway's health budget; one attempt, no retry. */
const REACHABILITY_TIMEOUT_MS = 1000;
/** Health checks reuse a recent answer rather than calling the API (and spending quota) on every poll. */
const REACHABILITY_CACHE_MS = 30_000;

/** Says, in words a person can act on, why the model could not be used. */
function unavailableReason(error: unknown, config: OpenAiConfig): string {
  const attempts = config.maxRetries + 1;
  const tries = attempts === 1 ? '1 attempt' : `${attempts} attempts`;
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return `it did not answer within ${config.timeoutMs / 1000} s (${tries})`;
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return `it could not be reached at ${config.baseUrl ?? 'the OpenAI API'} (${tries})`;
  }
  if (error instanceof OpenAI.AuthenticationError || error instanceof OpenAI.PermissionDeniedError) {
    return `the API key was refused (HTTP ${error.status})`;
  }
  if (error instanceof OpenAI.NotFoundError) return `the model "${config.model}" was not found (HTTP 404)`;
  if (error instanceof OpenAI.RateLimitError) return `it is rate-limited (HTTP 429 after ${tries})`;
  if (error instanceof OpenAI.APIError && error.status !== undefined) {
    return `it answered HTTP ${error.status}${error.status >= 500 ? ` (${tries})` : ''}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Skill extraction through an OpenAI-compatible chat completions API. The model only proposes:
 * each proposal is mapped to the taxonomy and checked against the posting by `reconcileProposals`.
 * Timeouts and retries are the SDK's own (per attempt, bounded); a model that cannot be reached is
 * a 503 naming the reason, never a silent switch to another provider.
 */
export class OpenAiSkillProvider implements SkillExtractionProvider {
  readonly name = 'openai' as const;
  private readonly client: OpenAI;
  private lastReachability?: { status: ComponentStatus; checkedAt: number };

  constructor(
    private readonly config: OpenAiConfig,
    private readonly extractor: SkillExtractor,
    private readonly logger: Logger,
  ) {
    if (config.apiKey === undefined) throw new Error('The OpenAI provider needs OPENAI_API_KEY');
    this.client = new OpenAI({
      apiKey: config.apiKey,
      baseURL: config.baseUrl,
      timeout: config.timeoutMs,
      maxRetries: config.maxRetries,
      fetch: fetchNamingTimeouts,
    });
  }

  async extractSkills(text: string, language: Language): Promise<ExtractedSkill[]> {
    const answer = await this.ask(text, language);
    const proposals = this.parseProposals(answer);
    const { skills, dropped } = reconcileProposals(this.extractor, text, proposals);
    if (dropped.length > 0) {
      this.logger.info({ model: this.config.model, proposed: proposals.length, dropped }, 'model proposals dropped');
    }
    return skills;
  }

  /** Lists the models (a cheap GET) to see whether the API answers; remembered for a short while. */
  async checkReachable(): Promise<ComponentStatus> {
    const now = Date.now();
    if (this.lastReachability && now - this.lastReachability.checkedAt < REACHABILITY_CACHE_MS) {
      return this.lastReachability.status;
    }
    const status = await this.client.models.list({ timeout: REACHABILITY_TIMEOUT_MS, maxRetries: 0 }).then(
      (): ComponentStatus => 'up',
      (): ComponentStatus => 'down',
    );
    this.lastReachability = { status, checkedAt: now };
    return status;
  }

  private async ask(text: string, language: Language): Promise<string> {
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await this.client.chat.completions.create({
        model: this.config.model,
        temperature: 0,
        messages: skillExtractionMessages(text, language),
        response_format: SKILL_PROPOSALS_RESPONSE_FORMAT,
      });
    } catch (error) {
      const reason = unavailableReason(error, this.config);
      this.logger.warn({ err: error, model: this.config.model }, `AI model unavailable: ${reason}`);
      throw new AiProviderError(503, `The AI model is unavailable: ${reason}`);
    }
    const choice = completion.choices?.[0];
    const content = choice?.message?.content;
    if (choice?.message?.refusal) {
      throw new AiProviderError(502, 'The AI model declined to analyse this posting');
    }
    if (typeof content !== 'string' || content.trim() === '') {
      throw new AiProviderError(502, 'The AI model returned an empty answer');
    }
    return content;
  }

  private parseProposals(answer: string) {
    let json: unknown;
    try {
      // Some compatible servers wrap JSON in a Markdown fence despite the response format.
      json = JSON.parse(answer.trim().replace(/^```(?:json)?\s*|\s*```$/g, ''));
    } catch {
      this.logger.warn({ model: this.config.model, answer: answer.slice(0, 500) }, 'AI model answer is not JSON');
      throw new AiProviderError(502, 'The AI model returned an answer that is not valid JSON');
    }
    const parsed = skillProposalsSchema.safeParse(json);
    if (!parsed.success) {
      this.logger.warn({ model: this.config.model, answer: answer.slice(0, 500) }, 'AI model answer has the wrong shape');
      throw new AiProviderError(502, 'The AI model returned JSON without the expected list of skills');
    }
    return parsed.data.skills;
  }
}
