/*
 * What an agent task says it is doing (its current step). svc-courses' workers write these words;
 * the screens that follow a task (Ready AI's progress, the agents' cards, the quality banner)
 * recognise them from these same functions to show them in the reader's language. No zod here:
 * every screen that shows a task's step loads this.
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
