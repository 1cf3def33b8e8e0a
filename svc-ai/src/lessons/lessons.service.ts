import { Caller, ComposedLesson, ComposeLessonsReply, OFFLINE_MODEL_NAME } from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { AI_CONFIG, AiConfig } from '../config';
import { aiCallModelOverride, answeringModel } from '../governance/ai-call-context';
import { AiCallMeter, characterCount } from '../governance/ai-call-meter';
import { LESSON_COMPOSERS, LessonComposer, LessonCompositionRequest } from '../providers/lesson-composer';
import { providerFor, ProvidersByName } from '../providers/providers-by-name';

/** The text a compose request sends to be written from: the course, the planned lessons and their sources. */
export function compositionInputCharacters(request: LessonCompositionRequest): number {
  const { course, lessons } = request;
  return characterCount(
    course.title,
    course.description,
    course.objective,
    ...lessons.flatMap((lesson) => [
      lesson.moduleTitle,
      lesson.title,
      ...lesson.sources.flatMap((source) => [source.content, ...source.keyPoints, ...source.activities]),
    ]),
  );
}

/** The text the composed lessons hold. */
export function composedCharacters(lessons: readonly ComposedLesson[]): number {
  return characterCount(...lessons.flatMap((lesson) => [lesson.content, ...lesson.keyPoints, ...lesson.activities]));
}

@Injectable()
export class LessonsService {
  constructor(
    @Inject(LESSON_COMPOSERS) private readonly composers: ProvidersByName<LessonComposer>,
    private readonly meter: AiCallMeter,
    @Inject(AI_CONFIG) private readonly config: AiConfig,
  ) {}

  /**
   * Writes one module's lessons, stores nothing but the call's log row. The reply names the model
   * that wrote them (what the lessons' AI label shows); a refusal or a provider failure becomes an
   * ErrorReply with its status.
   */
  async compose(request: LessonCompositionRequest, caller: Caller | null): Promise<ComposeLessonsReply> {
    return this.meter.run('lesson-writing', caller, compositionInputCharacters(request), async (provider) => {
      const lessons = await providerFor(this.composers, provider, 'lesson-writing').composeLessons(request);
      const model = provider === 'offline' ? OFFLINE_MODEL_NAME : (answeringModel() ?? aiCallModelOverride() ?? this.config.openai.model);
      return { result: { provider, model, lessons }, outputCharacters: composedCharacters(lessons) };
    });
  }
}
