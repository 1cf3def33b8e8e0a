import { PROMPT_TEMPLATE_NAMES } from '@masar/contracts';
import { Logger } from 'pino';
import { OpenAiConfig } from '../../config';
import { LANGUAGE_NAMES_FOR_PROMPTS } from '../../prompts/built-in-prompts';
import { PromptSource } from '../../prompts/prompt-source';
import { AiProviderError } from '../ai-provider-error';
import { notCoveredAnswer, SearchAnswer, SearchAnswerer, SearchAnswerRequest } from '../search-answerer';
import { echoKeysOf, guardForModel, keepGivenCitations, withoutEchoes } from './model-answer-guard';
import { OpenAiChat, templateSettings } from './openai-chat';
import { SEARCH_ANSWER_RESPONSE_FORMAT, searchAnswerMessages, searchAnswerSchema } from './search-answer-prompt';

const MAX_INSIGHTS = 4;

/**
 * Course search's answer through an OpenAI-compatible model and the `search-answer` template. The
 * passages are data in the user message, their parts addressed to software withheld; the answer is
 * checked against them: citations of passages not given are removed, sentences that obey or echo a
 * withheld instruction are taken out, and "not covered" reads the same whatever the model wrote.
 */
export class OpenAiSearchAnswerer implements SearchAnswerer {
  readonly name = 'openai' as const;
  private readonly chat: OpenAiChat;

  constructor(
    config: OpenAiConfig,
    private readonly prompts: PromptSource,
    private readonly logger: Logger,
  ) {
    this.chat = new OpenAiChat(config, logger);
  }

  async answer(request: SearchAnswerRequest): Promise<SearchAnswer> {
    const { language } = request;
    if (request.passages.length === 0) return notCoveredAnswer(language);
    const guarded = request.passages.map((passage) => ({ passage, ...guardForModel(passage.text) }));
    const prompt = await this.prompts.resolve(PROMPT_TEMPLATE_NAMES.SEARCH_ANSWER, { language, languageName: LANGUAGE_NAMES_FOR_PROMPTS[language] });
    const answer = await this.chat.complete(
      {
        ...templateSettings(prompt),
        messages: searchAnswerMessages(
          prompt.system,
          request.query,
          language,
          guarded.map(({ passage, forModel }) => ({
            n: passage.n,
            courseTitle: passage.courseTitle,
            moduleTitle: passage.moduleTitle,
            lessonTitle: passage.lessonTitle,
            text: forModel,
          })),
        ),
        response_format: SEARCH_ANSWER_RESPONSE_FORMAT,
      },
      'The AI model declined to answer this search',
    );
    const parsed = searchAnswerSchema.safeParse(this.chat.parseJson(answer));
    if (!parsed.success) throw this.chat.wrongShape(answer, 'The AI model returned JSON without an answer and a covered flag');
    if (!parsed.data.covered) return notCoveredAnswer(language);

    const withheld = guarded.flatMap((entry) => entry.withheld);
    const echoKeys = echoKeysOf(withheld, [request.query, ...guarded.map((entry) => entry.forModel)]);
    const given = new Set(request.passages.map((passage) => passage.n));
    const cleaned = keepGivenCitations(withoutEchoes(parsed.data.answer, echoKeys), given);
    const keyInsights = [
      ...new Set(parsed.data.keyInsights.map((insight) => keepGivenCitations(withoutEchoes(insight, echoKeys), given).text).filter((insight) => insight !== '')),
    ].slice(0, MAX_INSIGHTS);
    if (cleaned.text !== parsed.data.answer.trim() || withheld.length > 0) {
      this.logger.info({ model: prompt.model, withheldInstructions: withheld.length, answer: parsed.data.answer.slice(0, 300) }, 'search answer cleaned or instructions withheld');
    }
    if (cleaned.text === '') throw new AiProviderError(502, 'The AI model returned no answer that could be used');
    return { answer: cleaned.text, keyInsights, citations: cleaned.citations, covered: true };
  }
}
