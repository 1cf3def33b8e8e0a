/*
 * How an agent task is named and what it says it is doing (its current step). svc-courses writes
 * these words; the screens that follow a task (Ready AI's progress, the agents' cards, the quality
 * banner) recognise them from these same functions to show them in the reader's language. No zod
 * here: every screen that shows a task loads this.
 */
export const AGENT_TASK_STEPS = {
  /** Every task's step while it waits in the queue. */
  waiting: 'Waiting to start',
  // Ready AI: plan from the library, write each module, save.
  findingMaterial: (title: string) => `Finding library material on "${title}"`,
  writingModule: (index: number, total: number) => `Writing module ${index} of ${total}`,
  writingNamedModule: (index: number, total: number, title: string) => `Writing module ${index} of ${total}: ${title}`,
  savingCourse: 'Saving the course',
  // The quality review: one course, or the catalog in batches.
  reviewingCourse: 'Reviewing the course',
  reviewingCourses: (from: number, to: number, total: number) => `Reviewing courses ${from} to ${to} of ${total}`,
  savingReviews: 'Saving the reviews',
  // Narration: one lesson a step.
  narratingLesson: (index: number, total: number) => `Narrating lesson ${index} of ${total}`,
  summingUp: 'Summing up',
  // Content enhancement: one module a step.
  readingModule: (index: number, total: number) => `Reading module ${index} of ${total}`,
  applyingChanges: 'Applying the changes',
} as const;

export type AgentTaskStepKey = keyof typeof AGENT_TASK_STEPS;

/**
 * The names svc-courses gives the tasks it starts, by task type. A Ready AI task is named by the
 * title of the course it makes, alone.
 */
export const AGENT_TASK_TITLES = {
  qualityReviewOfCourse: (title: string) => `Quality review: ${title}`,
  qualityReviewOfCourses: (count: number) => `Quality review of ${count} courses`,
  narration: (title: string) => `Course narration: ${title}`,
  enhancement: (title: string) => `Content enhancement: ${title}`,
  /** A course imported from a course file, named by its title or the file's name. */
  courseFromFile: (name: string) => `Course from ${name}`,
  courseWithMaterials: (title: string) => `Course with materials: ${title}`,
  aiCourseWithMaterials: (title: string) => `AI course with materials: ${title}`,
} as const;

export type AgentTaskTitleKey = keyof typeof AGENT_TASK_TITLES;
