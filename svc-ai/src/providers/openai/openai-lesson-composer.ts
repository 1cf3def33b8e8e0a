import { ComposedLesson, PROMPT_TEMPLATE_NAMES, UNSOURCED_LESSON_NOTICE } from '@masar/contracts';
import { Logger } from 'pino';
import { OpenAiConfig } from '../../config';
import { citationOf, CourseOutline, LessonComposer, LessonCompositionRequest, PlannedLessonWithSources } from '../lesson-composer';
import { mapWithConcurrency } from './bounded-concurrency';
import { COMPOSED_LESSON_RESPONSE_FORMAT, composedLessonAnswerSchema, lessonCompositionMessages } from './lesson-composition-prompt';
import { LANGUAGE_NAMES_FOR_PROMPTS } from '../../prompts/built-in-prompts';
import { PromptSource } from '../../prompts/prompt-source';
import { OpenAiChat, templateSettings } from './openai-chat';

/** Lessons written at once for one request: a module of 10 takes four rounds, not ten, without flooding the API. */
export const LESSON_COMPOSITION_CONCURRENCY = 3;
const MAX_KEY_POINTS = 5;
const MAX_ACTIVITIES = 3;

/**
 * Lessons written by an OpenAI-compatible model, one chat completion per lesson (at most
 * LESSON_COMPOSITION_CONCURRENCY at once), grounded in the lesson's sources. The model says which
 * sources it used; only those that exist are cited, and the first source when it names none.
 */
export class OpenAiLessonComposer implements LessonComposer {
  readonly name = 'openai' as const;
  private readonly chat: OpenAiChat;

  constructor(
    config: OpenAiConfig,
    private readonly prompts: PromptSource,
    private readonly logger: Logger,
  ) {
    this.chat = new OpenAiChat(config, logger);
  }

  composeLessons(request: LessonCompositionRequest): Promise<ComposedLesson[]> {
    return mapWithConcurrency(request.lessons, LESSON_COMPOSITION_CONCURRENCY, (lesson) => this.composeLesson(request.course, lesson));
  }

  private async composeLesson(course: CourseOutline, lesson: PlannedLessonWithSources): Promise<ComposedLesson> {
    const prompt = await this.prompts.resolve(PROMPT_TEMPLATE_NAMES.LESSON_COMPOSITION, {
      language: course.language,
      languageName: LANGUAGE_NAMES_FOR_PROMPTS[course.language],
      lessonType: lesson.type,
      sourceCount: String(lesson.sources.length),
    });
    const answer = await this.chat.complete(
      {
        ...templateSettings(prompt),
        messages: lessonCompositionMessages(prompt.system, course, lesson),
        response_format: COMPOSED_LESSON_RESPONSE_FORMAT,
      },
      'The AI model declined to write this lesson',
    );
    const parsed = composedLessonAnswerSchema.safeParse(this.chat.parseJson(answer));
    if (!parsed.success) {
      throw this.chat.wrongShape(answer, 'The AI model returned JSON without the expected lesson text');
    }
    const { content, keyPoints, activities, usedSources } = parsed.data;
    const cited = this.citedSources(lesson, usedSources);
    return {
      key: lesson.key,
      // The notice heads the lesson until someone checks and rewrites it: svc-courses refuses to publish it meanwhile.
      content: lesson.sources.length === 0 ? `${UNSOURCED_LESSON_NOTICE[course.language]}\n\n${content}` : content,
      keyPoints: keyPoints.slice(0, MAX_KEY_POINTS),
      activities: activities.slice(0, MAX_ACTIVITIES),
      citations: cited.map((position) => citationOf(lesson.sources[position])),
    };
  }

  /** Positions of the sources the model says it used (1-based in the prompt); indexes that name no source are dropped. */
  private citedSources(lesson: PlannedLessonWithSources, usedSources: unknown[]): number[] {
    const positions = new Set<number>();
    const invalid: unknown[] = [];
    for (const index of usedSources) {
      if (typeof index === 'number' && Number.isInteger(index) && index >= 1 && index <= lesson.sources.length) {
        positions.add(index - 1);
      } else {
        invalid.push(index);
      }
    }
    if (invalid.length > 0) {
      this.logger.info({ model: this.chat.config.model, lesson: lesson.key, invalid }, 'model cited sources that do not exist');
    }
    if (positions.size === 0 && lesson.sources.length > 0) positions.add(0);
    return [...positions].sort((a, b) => a - b);
  }
}
