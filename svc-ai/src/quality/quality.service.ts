import { Caller, FactCheckFinding, FactCheckLessonsReply, OFFLINE_MODEL_NAME } from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { AI_CONFIG, AiConfig } from '../config';
import { aiCallModelOverride, answeringModel } from '../governance/ai-call-context';
import { AiCallMeter, characterCount } from '../governance/ai-call-meter';
import { FactCheckRequest, LESSON_FACT_CHECKERS, LessonFactChecker } from '../providers/lesson-fact-checker';
import { providerFor, ProvidersByName } from '../providers/providers-by-name';

/** The text a fact-check request sends: the course title and every lesson's title and content. */
export function factCheckInputCharacters(request: FactCheckRequest): number {
  return characterCount(request.course.title, ...request.lessons.flatMap((lesson) => [lesson.title, lesson.content]));
}

/** The text the findings hold. */
export function findingCharacters(findings: readonly FactCheckFinding[]): number {
  return characterCount(...findings.flatMap((finding) => [finding.claim, finding.problem]));
}

@Injectable()
export class QualityService {
  constructor(
    @Inject(LESSON_FACT_CHECKERS) private readonly checkers: ProvidersByName<LessonFactChecker>,
    private readonly meter: AiCallMeter,
    @Inject(AI_CONFIG) private readonly config: AiConfig,
  ) {}

  /**
   * The quality review's factual-consistency check of a few lessons, metered as `quality-review`.
   * Stores nothing but the call's log row; offline it is a 501 saying a language model is needed.
   */
  async factCheck(request: FactCheckRequest, caller: Caller | null): Promise<FactCheckLessonsReply> {
    return this.meter.run('quality-review', caller, factCheckInputCharacters(request), async (provider) => {
      const findings = await providerFor(this.checkers, provider, 'quality-review').factCheck(request);
      const model = provider === 'offline' ? OFFLINE_MODEL_NAME : (answeringModel() ?? aiCallModelOverride() ?? this.config.openai.model);
      const checkedKeys = request.lessons.map((lesson) => lesson.key);
      return { result: { provider, model, findings, checkedKeys }, outputCharacters: findingCharacters(findings) };
    });
  }
}
