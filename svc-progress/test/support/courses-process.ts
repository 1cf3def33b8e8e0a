import { BuiltServiceProcess, startBuiltService } from '../../../deploy/local/service-process';

/** svc-courses running as its own Node process from its build, without the seed catalog. */
export type CoursesProcess = BuiltServiceProcess;

export function startCourses(env: { NATS_URL: string; DATABASE_URL: string }): Promise<CoursesProcess> {
  return startBuiltService('svc-courses', { SEED_COURSE_CATALOG: 'false', ...env });
}
