/**
 * Provider states about progress, shared by the gateway's pact with svc-progress (NATS; svc-progress
 * sets them up in its provider verification) and by the states the gateway honours for mf-courses
 * (the svc-progress stand-in sets them up, for the signed-in person when `userId` is left out).
 */
export const PROGRESS_PROVIDER_STATES = {
  /** params: `{ userId?, courseId, completedLessonIds: string[], startedLessonIds: string[] }` */
  HAS_PROGRESS: 'a learner has progress in a course',
  /** params: `{ userId?, courseId }` */
  NO_PROGRESS: 'a learner has no progress in a course',
  /** params: `{ userId, courseId, title, completedLessonId, openLessonId }`: a two-lesson course, one done. */
  HALF_WAY_THROUGH_COURSE: 'a learner has completed one of the two lessons of a course',
  /** params: `{ userId, skills: {skill, level}[] }`: their self-assessment, nothing else. */
  ASSESSED_SKILLS: 'a learner has assessed their skills',
  /** params: `{ userId, learningPathId, jobTitle }`: one path of one pending course, and its activity. */
  PATH_GENERATED: 'a learning path has been generated',
} as const;
