/**
 * Cache tags shared with the shell by name: its `POST /api/learning-paths/generate` invalidates
 * the paths and the overview, so the home page, /progress and /learning-paths refetch.
 */
export const PROGRESS_TAG_TYPES = ['LearningPaths', 'ProgressOverview', 'LearnerSkills', 'AdminStats'] as const;
