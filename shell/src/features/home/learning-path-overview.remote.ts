import type { RemoteName } from '../remotes/remote-registry';

/**
 * The newest learning path under the home page's workflow (mf-progress exposes it, no props): Steps
 * to follow, the Summary, the course list and the Your Progress card, or nothing before a first path.
 */
export const LEARNING_PATH_OVERVIEW: { remote: RemoteName; module: string } = {
  remote: 'mf_progress',
  module: './LearningPathOverview',
};
