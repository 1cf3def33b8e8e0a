import { Caller, generateIllustrationRequestSchema, isErrorReply, LearningHelperReply, lessonIllustrationUrl, OFFLINE_MODEL_NAME } from '@masar/contracts';
import { RpcException } from '@nestjs/microservices';
import { Inject, Injectable } from '@nestjs/common';
import { AI_CONFIG, AiConfig } from '../config';
import { aiCallModelOverride, answeringModel } from '../governance/ai-call-context';
import { AiCallMeter, characterCount } from '../governance/ai-call-meter';
import { LEARNING_HELPER_RUNNERS, LearningHelperRequest, LearningHelperRunner } from '../providers/learning-helper';
import { providerFor, ProvidersByName } from '../providers/providers-by-name';
import { IllustrationsService } from '../illustrations/illustrations.service';

/** The text a helper request sends: the passage and what the library gave with it. */
export function helperInputCharacters(request: LearningHelperRequest): number {
  const { passage } = request;
  return characterCount(
    request.query,
    passage.text,
    ...passage.keyPoints,
    ...passage.activities,
    ...request.relatedLessons.flatMap((lesson) => lesson.keyPoints),
    request.jobRole,
  );
}

@Injectable()
export class LearningHelpersService {
  constructor(
    @Inject(LEARNING_HELPER_RUNNERS) private readonly runners: ProvidersByName<LearningHelperRunner>,
    private readonly meter: AiCallMeter,
    private readonly illustrations: IllustrationsService,
    @Inject(AI_CONFIG) private readonly config: AiConfig,
  ) {}

  /** One helper on one passage, metered as `learning-helpers`; stores nothing but the call's log row. */
  async run(request: LearningHelperRequest, caller: Caller | null): Promise<LearningHelperReply> {
    return this.meter.run('learning-helpers', caller, helperInputCharacters(request), async (provider) => {
      const [response, diagramUrl] = await Promise.all([
        providerFor(this.runners, provider, 'learning-helpers').run(request),
        request.action === 'visual_explanation' ? this.diagramOf(request) : Promise.resolve(undefined),
      ]);
      const model = provider === 'offline' ? OFFLINE_MODEL_NAME : (answeringModel() ?? aiCallModelOverride() ?? this.config.openai.model);
      return { result: { response, provider, model, ...(diagramUrl ? { diagramUrl } : {}) }, outputCharacters: characterCount(response) };
    });
  }

  /**
   * Visual Expansion's picture: the passage's concepts drawn as a lesson's illustration is (issue 13
   * asks for the same rendering). A passage too thin to draw gets the outline alone.
   */
  private async diagramOf(request: LearningHelperRequest): Promise<string | undefined> {
    const { passage } = request;
    const drawn = generateIllustrationRequestSchema.safeParse({
      title: passage.lessonTitle || passage.moduleTitle || passage.courseTitle,
      content: passage.text,
      lessonSummary: passage.text.slice(0, 300),
      keyPoints: passage.keyPoints.slice(0, 12).map((point) => point.slice(0, 500)),
      skills: passage.skills,
      language: request.language,
    });
    if (!drawn.success) return undefined;
    try {
      return lessonIllustrationUrl(await this.illustrations.keepDiagram(drawn.data));
    } catch (error) {
      const reply = error instanceof RpcException ? error.getError() : undefined;
      if (isErrorReply(reply) && reply.statusCode === 422) return undefined;
      throw error;
    }
  }
}
