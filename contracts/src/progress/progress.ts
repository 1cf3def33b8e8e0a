/** NATS subjects answered by svc-progress. Never rename one without a migration plan. */
export const PROGRESS_SUBJECTS = {
  HEALTH: 'progress.health',
} as const;
