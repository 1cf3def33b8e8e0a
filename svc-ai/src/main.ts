import { runServiceProcess, serviceBootstrap } from '@masar/contracts/service-kit';
import { AI_CONFIG, loadConfig } from './config';
import { AI_DATABASE } from './database/data-source';
import { ExerciseFeedbackModule } from './exercise-feedback/exercise-feedback.module';
import { GovernanceModule } from './governance/governance.module';
import { HealthService } from './health/health.service';
import { ImagesModule } from './images/images.module';
import { IllustrationsModule } from './illustrations/illustrations.module';
import { LearningHelpersModule } from './learning-helpers/learning-helpers.module';
import { LessonsModule } from './lessons/lessons.module';
import { NarrationModule } from './narration/narration.module';
import { PromptsModule } from './prompts/prompts.module';
import { QualityModule } from './quality/quality.module';
import { SearchModule } from './search/search.module';
import { SearchEmbeddingsModule } from './search-embeddings/search-embeddings.module';
import { SkillsModule } from './skills/skills.module';

/** svc-ai: skill extraction, lesson writing, image descriptions, course search's answers, the learning helpers and lesson narration, with their prompt templates and AI governance in the `ai` schema. */
export const bootstrap = serviceBootstrap({
  service: 'ai',
  loadConfig,
  configToken: AI_CONFIG,
  database: AI_DATABASE,
  // As healthy as its model provider and its Postgres.
  health: { check: HealthService, imports: [SkillsModule] },
  modules: () => [PromptsModule, GovernanceModule, SkillsModule, LessonsModule, ImagesModule, QualityModule, SearchModule, SearchEmbeddingsModule, LearningHelpersModule, NarrationModule, IllustrationsModule, ExerciseFeedbackModule],
  describe: (config) => ({ provider: config.provider }),
});

if (require.main === module) {
  runServiceProcess('ai', bootstrap);
}
