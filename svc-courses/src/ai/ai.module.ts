import { Module } from '@nestjs/common';
import { CourseSkillsClient } from './course-skills.client';
import { FactCheckClient } from './fact-check.client';
import { LessonComposerClient } from './lesson-composer.client';
import { SvcAiRequester } from './svc-ai.requester';
import { NatsClientModule } from '@masar/contracts/service-kit';

/** What svc-courses asks svc-ai: the skills a course teaches, the text of its lessons and a review of their facts. */
@Module({
  imports: [NatsClientModule],
  providers: [SvcAiRequester, LessonComposerClient, CourseSkillsClient, FactCheckClient],
  exports: [LessonComposerClient, CourseSkillsClient, FactCheckClient],
})
export class AiModule {}
