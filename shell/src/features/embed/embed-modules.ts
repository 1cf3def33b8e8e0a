import type { EmbedModule } from '@masar/contracts';
import type { RemoteName } from '../remotes/remote-registry';

/** Where each embeddable module comes from, and the in-frame paths it owns (a memory router inside the frame). */
export interface EmbedModuleSource {
  remote: RemoteName;
  module: string;
  /** The route the module answers inside the frame; other paths show "open in Masar". */
  routePath: string;
  initialPath: string;
}

export const EMBED_MODULE_SOURCES: Record<Exclude<EmbedModule, 'skill-review'>, EmbedModuleSource> = {
  'learning-path': { remote: 'mf_progress', module: './LearningPathsPage', routePath: '/learning-paths/*', initialPath: '/learning-paths' },
  courses: { remote: 'mf_courses', module: './CoursesPage', routePath: '/courses/*', initialPath: '/courses' },
  progress: { remote: 'mf_progress', module: './ProgressPage', routePath: '/progress', initialPath: '/progress' },
};

/** The skill review is the home page's job-to-skills flow (mf-jobroles' `./JobDescriptionWorkflow`). */
export const SKILL_REVIEW_PATH = '/';
