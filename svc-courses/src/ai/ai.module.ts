import { Module } from '@nestjs/common';
import { CourseSkillsClient } from './course-skills.client';
import { FactCheckClient } from './fact-check.client';
import { LearningHelperClient } from './learning-helper.client';
import { LessonComposerClient } from './lesson-composer.client';
import { SvcAiRequester } from './svc-ai.requester';
import { NatsClientModule } from '@masar/contracts/service-kit';

/** What svc-courses asks svc-ai: the skills a course teaches, the text of its lessons, a review of their facts and the learning helpers. */
@Module({
  imports: [NatsClientModule],
  providers: [SvcAiRequester, LessonComposerClient, CourseSkillsClient, FactCheckClient, LearningHelperClient],
  exports: [LessonComposerClient, CourseSkillsClient, FactCheckClient, LearningHelperClient],
})
export class AiModule {}
