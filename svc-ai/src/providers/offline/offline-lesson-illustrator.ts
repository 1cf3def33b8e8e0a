import { GenerateIllustrationRequest, LESSON_ILLUSTRATION_MESSAGES } from '@masar/contracts';
import { DIAGRAM_HEIGHT, DIAGRAM_WIDTH, renderLessonDiagram } from '../../illustrations/diagram-renderer';
import { lessonDiagramOf } from '../../illustrations/lesson-diagram';
import { QueryExpander } from '../../search/query-expander';
import { rpcError } from '@masar/contracts/service-kit';
import { LessonIllustration, LessonIllustrator } from '../lesson-illustrator';

/** The lesson's concepts (taxonomy skills and recurring terms) and key points drawn as a diagram, no model. */
export class OfflineLessonIllustrator implements LessonIllustrator {
  readonly name = 'offline' as const;

  constructor(private readonly expander: QueryExpander) {}

  async illustrate(request: GenerateIllustrationRequest): Promise<LessonIllustration> {
    const diagram = lessonDiagramOf(request, this.expander);
    if (diagram.concepts.length === 0 && diagram.otherPoints.length === 0) {
      throw rpcError(422, LESSON_ILLUSTRATION_MESSAGES.tooLittleText);
    }
    return { png: renderLessonDiagram(diagram), width: DIAGRAM_WIDTH, height: DIAGRAM_HEIGHT };
  }
}
