const { startBuiltService } = require('../../../deploy/local/service-process') as {
  startBuiltService(project: string, env: Record<string, string>): Promise<CoursesProcess>;
};

/** svc-courses running as its own Node process from its build, without the seed catalog. */
export interface CoursesProcess {
  readonly lines: string[];
  stop(): Promise<void>;
}

export function startCourses(env: { NATS_URL: string; DATABASE_URL: string }): Promise<CoursesProcess> {
  return startBuiltService('svc-courses', { SEED_COURSE_CATALOG: 'false', ...env });
}
