import { Module } from '@nestjs/common';
import { CourseSkillsClient } from './course-skills.client';
import { ExerciseFeedbackClient } from './exercise-feedback.client';
import { FactCheckClient } from './fact-check.client';
import { LearningHelperClient } from './learning-helper.client';
import { LessonComposerClient } from './lesson-composer.client';
import { NarrationClient } from './narration.client';
import { SearchAnswerClient } from './search-answer.client';
import { SearchEmbeddingsClient } from './search-embeddings.client';
import { SearchExpansionClient } from './search-expansion.client';
import { SvcAiRequester } from './svc-ai.requester';
import { NatsClientModule } from '@masar/contracts/service-kit';

/**
 * What svc-courses asks svc-ai: the skills a course teaches, the text of its lessons, a review of
 * their facts, the learning helpers, and for course search the skills a query names and the answer
 * grounded in passages, the narration of lessons, and feedback on exercise work.
 */
@Module({
  imports: [NatsClientModule],
  providers: [
    SvcAiRequester,
    LessonComposerClient,
    CourseSkillsClient,
    FactCheckClient,
    LearningHelperClient,
    SearchExpansionClient,
    SearchAnswerClient,
    SearchEmbeddingsClient,
    NarrationClient,
    ExerciseFeedbackClient,
  ],
  exports: [
    LessonComposerClient,
    CourseSkillsClient,
    FactCheckClient,
    LearningHelperClient,
    SearchExpansionClient,
    SearchAnswerClient,
    SearchEmbeddingsClient,
    NarrationClient,
    ExerciseFeedbackClient,
  ],
})
export class AiModule {}
