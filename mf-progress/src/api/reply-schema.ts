import type { z } from 'zod';

/**
 * RTK Query types a response schema as if its input and output were the same type; optional and
 * defaulted contract fields make the input looser. RTK keeps the parsed output, so it is the truth.
 */
export function replySchema<S extends z.ZodType>(schema: S): z.ZodType<z.output<S>, z.output<S>> {
  return schema as unknown as z.ZodType<z.output<S>, z.output<S>>;
}

/**
 * Cache tags shared with the shell by name: its `POST /api/learning-paths/generate` invalidates
 * the paths and the overview, so the home page, /progress and /learning-paths refetch.
 */
export const PROGRESS_TAG_TYPES = ['LearningPaths', 'ProgressOverview', 'LearnerSkills', 'AdminStats'] as const;
