import { DEADLINE_MARGIN_MS, withoutNulCharacters } from '@masar/contracts';
import { currentDeadline } from '@masar/contracts/service-kit';
import OpenAI from 'openai';
import { Logger } from 'pino';
import { OpenAiConfig } from '../../config';
import { aiCallModelOverride, recordCompletion } from '../../governance/ai-call-context';
import type { ResolvedPrompt } from '../../prompts/prompt-source';
import { AiProviderError } from '../ai-provider-error';

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

/** Says, in words a person can act on, why the model could not be used. */
export function unavailableReason(error: unknown, config: OpenAiConfig, model: string): string {
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
  if (error instanceof OpenAI.NotFoundError) return `the model "${model}" was not found (HTTP 404)`;
  if (error instanceof OpenAI.RateLimitError) return `it is rate-limited (HTTP 429 after ${tries})`;
  if (error instanceof OpenAI.APIError && error.status !== undefined) {
    return `it answered HTTP ${error.status}${error.status >= 500 ? ` (${tries})` : ''}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * A chat request; `model` is OPENAI_MODEL unless the request names one (a prompt template's model),
 * and an admin's model for the feature (`ai_feature_settings.model`) overrides both for the call.
 */
export type ChatRequest = Omit<OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming, 'model'> & { model?: string };

/** The parts of a request a prompt template decides (besides the system message the caller builds from it). */
export type TemplateSettings = Pick<ChatRequest, 'model' | 'temperature' | 'max_tokens'>;

/**
 * The model, temperature and max tokens of a resolved template. `max_tokens` rather than
 * `max_completion_tokens`: the OpenAI-compatible servers Masar is used with read the older name.
 */
export function templateSettings(prompt: ResolvedPrompt): TemplateSettings {
  return { model: prompt.model, temperature: prompt.temperature, max_tokens: prompt.maxTokens };
}

export const MODEL_NOT_ASKED_MESSAGE = 'The request had no time left to ask the AI model';

/** What the person reads when the caller's time ran out before the model answered. */
export function modelOutOfTimeMessage(budgetMs: number): string {
  return `The AI model did not answer within ${Math.max(0, Math.round(budgetMs / 1000))} s`;
}

/**
 * The model's text without NUL characters: raw ones always, and in a JSON answer also the escape
 * `\u0000` (an escaped backslash before "u0000" is text and stays; in plain text the six characters
 * are text too). PostgreSQL text cannot hold U+0000: one in a lesson, a skill or a log row made the
 * write that kept it fail, so a model led by library text to write one would break what it was asked for.
 */
export function modelTextWithoutNulCharacters(text: string, { json }: { json: boolean }): string {
  const withoutRaw = withoutNulCharacters(text);
  return json ? withoutRaw.replace(/(?<!\\)((?:\\\\)*)\\u0000/g, '$1') : withoutRaw;
}

/** Rejected with when the caller's deadline passes first (the SDK may be sleeping before a retry). */
class DeadlinePassed extends Error {}

/** `work`, or a DeadlinePassed rejection as soon as `signal` fires, whichever comes first. */
function beforeDeadline<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const passed = () => reject(new DeadlinePassed());
    if (signal.aborted) passed();
    signal.addEventListener('abort', passed, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', passed));
  });
}

/** The SDK's client for the configured endpoint: its key, timeout per attempt and bounded retries. */
export function openAiClientOf(config: OpenAiConfig): OpenAI {
  if (config.apiKey === undefined) throw new Error('The OpenAI provider needs OPENAI_API_KEY');
  return new OpenAI({
    apiKey: config.apiKey,
    baseURL: config.baseUrl,
    timeout: config.timeoutMs,
    maxRetries: config.maxRetries,
    fetch: fetchNamingTimeouts,
  });
}

/**
 * One OpenAI-compatible chat completions client, shared by every task svc-ai gives a model
 * (skills, lessons, images): the same timeouts, bounded retries (the SDK's own, per attempt) and
 * the same failures: a model that cannot be reached is a 503 naming the reason, an answer that
 * cannot be used a 502, never a silent switch to another provider.
 */
export class OpenAiChat {
  readonly client: OpenAI;

  constructor(
    readonly config: OpenAiConfig,
    private readonly logger: Logger,
  ) {
    this.client = openAiClientOf(config);
  }

  /** The text of the model's answer; `declined` is the 502 message when the model refuses the task. */
  async complete(request: ChatRequest, declined: string): Promise<string> {
    const model = aiCallModelOverride() ?? request.model ?? this.config.model;
    const completion = await this.withinDeadline(model, (options) => this.client.chat.completions.create({ ...request, model }, options));
    // Counted as soon as the model answered: an answer we cannot use still spent its tokens.
    recordCompletion(model, completion.usage);
    const choice = completion.choices?.[0];
    const answer = choice?.message?.content;
    const json = request.response_format !== undefined && request.response_format.type !== 'text';
    const content = typeof answer === 'string' ? modelTextWithoutNulCharacters(answer, { json }) : answer;
    if (choice?.message?.refusal) {
      throw new AiProviderError(502, declined);
    }
    if (typeof content !== 'string' || content.trim() === '') {
      throw new AiProviderError(502, 'The AI model returned an empty answer');
    }
    return content;
  }

  /**
   * One picture from the images API, as bytes. `model` is the image model (an admin's model for the
   * feature overrides it); DALL·E models are asked for base64 (newer ones always answer so).
   */
  async generateImage(request: { model: string; prompt: string; size: string }): Promise<Buffer> {
    const model = aiCallModelOverride() ?? request.model;
    const body: OpenAI.Images.ImageGenerateParamsNonStreaming = {
      model,
      prompt: request.prompt,
      n: 1,
      size: request.size as OpenAI.Images.ImageGenerateParamsNonStreaming['size'],
      ...(model.startsWith('dall-e') ? { response_format: 'b64_json' as const } : {}),
    };
    const answer = await this.withinDeadline(model, (options) => this.client.images.generate(body, options));
    recordCompletion(model, answer.usage === undefined ? undefined : { prompt_tokens: answer.usage.input_tokens, completion_tokens: answer.usage.output_tokens });
    const encoded = answer.data?.[0]?.b64_json;
    if (typeof encoded !== 'string' || encoded.length === 0) {
      throw new AiProviderError(502, 'The AI model returned no image');
    }
    return Buffer.from(encoded, 'base64');
  }

  /**
   * Asks the model within the caller's deadline (the gateway's, through the service that asked),
   * which bounds every attempt and the retries together, less the time our answer needs to get
   * back; without one, the configured timeout and retries apply as they are.
   */
  private async withinDeadline<T>(model: string, ask: (options: OpenAI.RequestOptions | undefined) => Promise<T>): Promise<T> {
    const deadline = currentDeadline();
    const budgetMs = deadline === undefined ? undefined : deadline - DEADLINE_MARGIN_MS - Date.now();
    if (budgetMs !== undefined && budgetMs <= 0) {
      this.logger.warn({ model }, MODEL_NOT_ASKED_MESSAGE);
      throw new AiProviderError(503, MODEL_NOT_ASKED_MESSAGE);
    }
    const startedAt = Date.now();
    const signal = budgetMs === undefined ? undefined : AbortSignal.timeout(budgetMs);
    try {
      return budgetMs === undefined || signal === undefined
        ? await ask(undefined)
        : await beforeDeadline(ask({ timeout: Math.min(this.config.timeoutMs, budgetMs), signal }), signal);
    } catch (error) {
      const lastAttemptRanOut = error instanceof OpenAI.APIConnectionTimeoutError && Date.now() >= startedAt + (budgetMs ?? Infinity) - 50;
      if (budgetMs !== undefined && (error instanceof DeadlinePassed || signal?.aborted || lastAttemptRanOut)) {
        const message = modelOutOfTimeMessage(budgetMs);
        this.logger.warn({ model, budgetMs: Math.round(budgetMs) }, message);
        throw new AiProviderError(503, message);
      }
      const reason = unavailableReason(error, this.config, model);
      this.logger.warn({ err: error, model }, `AI model unavailable: ${reason}`);
      throw new AiProviderError(503, `The AI model is unavailable: ${reason}`);
    }
  }

  /** The answer read as JSON; some compatible servers wrap it in a Markdown fence despite the response format. */
  parseJson(answer: string): unknown {
    try {
      return JSON.parse(answer.trim().replace(/^```(?:json)?\s*|\s*```$/g, ''));
    } catch {
      this.logger.warn({ model: this.config.model, answer: answer.slice(0, 500) }, 'AI model answer is not JSON');
      throw new AiProviderError(502, 'The AI model returned an answer that is not valid JSON');
    }
  }

  /** A JSON answer of the wrong shape: logged with its beginning, then a 502 saying what was missing. */
  wrongShape(answer: string, message: string): AiProviderError {
    this.logger.warn({ model: this.config.model, answer: answer.slice(0, 500) }, 'AI model answer has the wrong shape');
    return new AiProviderError(502, message);
  }
}
