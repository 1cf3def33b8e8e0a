import type { LessonProgressReportedEvent, ReportedCourse } from '@masar/contracts';
import { randomUUID } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A course as the gateway reports it with a lesson: by default one whose only lesson is `lessonId`. */
export function reportedCourse(lessonIds: string[], fields: Partial<ReportedCourse> = {}): ReportedCourse {
  return {
    title: 'Python for Data Analysis',
    titleAr: 'بايثون لتحليل البيانات',
    description: 'Pandas and notebooks.',
    duration: '6 weeks',
    level: 'intermediate',
    skills: ['Python'],
    lessonIds,
    ...fields,
  };
}

/**
 * A lesson report as the gateway sends it; `fields` may break it on purpose (tests of refusals), so
 * it is built as plain data and not checked here. A fresh report id each time unless one is given.
 */
export function lessonReport(fields: Record<string, unknown>): Record<string, unknown> & Partial<LessonProgressReportedEvent> {
  // A lesson id broken on purpose stays out of the course, so only the field under test is wrong.
  const lessonId = typeof fields.lessonId === 'string' && UUID.test(fields.lessonId) ? fields.lessonId : randomUUID();
  return {
    reportId: randomUUID(),
    occurredAt: new Date().toISOString(),
    secondsSpent: 0,
    course: reportedCourse([lessonId]),
    ...fields,
  };
}
