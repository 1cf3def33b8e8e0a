import { Module } from '@nestjs/common';
import { NatsClientModule } from '../nats/nats-client.module';
import { CourseSkillsClient } from './course-skills.client';
import { LessonComposerClient } from './lesson-composer.client';
import { SvcAiRequester } from './svc-ai.requester';

/** What svc-courses asks svc-ai: the skills a course teaches and the text of its lessons. */
@Module({
  imports: [NatsClientModule],
  providers: [SvcAiRequester, LessonComposerClient, CourseSkillsClient],
  exports: [LessonComposerClient, CourseSkillsClient],
})
export class AiModule {}
