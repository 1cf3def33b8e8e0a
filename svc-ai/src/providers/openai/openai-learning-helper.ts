import { isInstructionToModel } from '@masar/contracts';
import { Logger } from 'pino';
import { OpenAiConfig } from '../../config';
import { LANGUAGE_NAMES_FOR_PROMPTS } from '../../prompts/built-in-prompts';
import { PromptSource } from '../../prompts/prompt-source';
import { AiProviderError } from '../ai-provider-error';
import { HELPER_TEMPLATE, LearningHelperRequest, LearningHelperRunner } from '../learning-helper';
import { learningHelperMessages } from './learning-helper-prompts';
import { echoKeysOf, guardForModel, withoutEchoes } from './model-answer-guard';
import { OpenAiChat, templateSettings } from './openai-chat';

/** Short lines of library text (key points, activities): one addressed to software is left out whole. */
function withoutInstructionLines(lines: readonly string[]): { kept: string[]; withheld: string[] } {
  return { kept: lines.filter((line) => !isInstructionToModel(line)), withheld: lines.filter((line) => isInstructionToModel(line)) };
}

/**
 * The learning helpers through an OpenAI-compatible model, each with its own stored template. The
 * passage and the library material are data in the user message, parts addressed to software
 * withheld; the markdown that comes back loses any sentence that gives instructions or echoes them.
 */
export class OpenAiLearningHelper implements LearningHelperRunner {
  readonly name = 'openai' as const;
  private readonly chat: OpenAiChat;

  constructor(
    config: OpenAiConfig,
    private readonly prompts: PromptSource,
    private readonly logger: Logger,
  ) {
    this.chat = new OpenAiChat(config, logger);
  }

  async run(request: LearningHelperRequest): Promise<string> {
    const { language, passage } = request;
    const text = guardForModel(passage.text);
    const keyPoints = withoutInstructionLines(passage.keyPoints);
    const activities = withoutInstructionLines(passage.activities);
    const relatedLessons = request.relatedLessons.map((lesson) => ({ ...lesson, keyPoints: withoutInstructionLines(lesson.keyPoints).kept }));
    const withheld = [...text.withheld, ...keyPoints.withheld, ...activities.withheld];
    const data = {
      action: request.action,
      query: request.query,
      language,
      passage: { ...passage, text: text.forModel, keyPoints: keyPoints.kept, activities: activities.kept },
      relatedLessons,
      deeperCourses: request.deeperCourses,
      ...(request.jobRole === undefined ? {} : { jobRole: request.jobRole }),
    };
    const prompt = await this.prompts.resolve(HELPER_TEMPLATE[request.action], { language, languageName: LANGUAGE_NAMES_FOR_PROMPTS[language] });
    const answer = await this.chat.complete(
      { ...templateSettings(prompt), messages: learningHelperMessages(prompt.system, data) },
      'The AI model declined to help with this passage',
    );
    const given = [request.query, passage.courseTitle, passage.moduleTitle, passage.lessonTitle, text.forModel, ...keyPoints.kept, ...activities.kept];
    const cleaned = withoutEchoes(answer, echoKeysOf(withheld, [...given, ...relatedLessons.flatMap((lesson) => [lesson.lessonTitle, ...lesson.keyPoints]), request.jobRole ?? '']));
    if (cleaned !== answer.trim() || withheld.length > 0) {
      this.logger.info({ model: prompt.model, action: request.action, withheldInstructions: withheld.length }, 'learning helper answer cleaned or instructions withheld');
    }
    if (cleaned === '') throw new AiProviderError(502, 'The AI model returned no answer that could be used');
    return cleaned;
  }
}
