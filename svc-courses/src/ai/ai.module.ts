import { Module } from '@nestjs/common';
import { CourseSkillsClient } from './course-skills.client';
import { LessonComposerClient } from './lesson-composer.client';
import { SvcAiRequester } from './svc-ai.requester';
import { NatsClientModule } from '@masar/contracts/service-kit';

/** What svc-courses asks svc-ai: the skills a course teaches and the text of its lessons. */
@Module({
  imports: [NatsClientModule],
  providers: [SvcAiRequester, LessonComposerClient, CourseSkillsClient],
  exports: [LessonComposerClient, CourseSkillsClient],
})
export class AiModule {}
