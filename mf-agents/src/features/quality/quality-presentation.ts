import type { QualitySeverity } from '@masar/contracts';

/** antd tag colours of the severities, worst first. */
export const SEVERITY_COLORS: Record<QualitySeverity, string> = {
  critical: 'red',
  major: 'orange',
  minor: 'gold',
  info: 'blue',
};

/** How the courses remote opens a course (its view dialog) and a lesson. */
export function courseLink(courseId: string): string {
  return `/courses?courseId=${encodeURIComponent(courseId)}&action=view`;
}

export function lessonLink(courseId: string, lessonId: string): string {
  return `/courses/${encodeURIComponent(courseId)}/lessons/${encodeURIComponent(lessonId)}`;
}
