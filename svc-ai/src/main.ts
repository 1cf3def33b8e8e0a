import { runServiceProcess, serviceBootstrap } from '@masar/contracts/service-kit';
import { AI_CONFIG, loadConfig } from './config';
import { HealthService } from './health/health.service';
import { ImagesModule } from './images/images.module';
import { LessonsModule } from './lessons/lessons.module';
import { SkillsModule } from './skills/skills.module';

/** svc-ai: skill extraction, lesson writing and image descriptions. It owns no data, so it has no database. */
export const bootstrap = serviceBootstrap({
  service: 'ai',
  loadConfig,
  configToken: AI_CONFIG,
  // As healthy as its model provider.
  health: { check: HealthService, imports: [SkillsModule] },
  modules: () => [SkillsModule, LessonsModule, ImagesModule],
  describe: (config) => ({ provider: config.provider }),
});

if (require.main === module) {
  runServiceProcess('ai', bootstrap);
}
