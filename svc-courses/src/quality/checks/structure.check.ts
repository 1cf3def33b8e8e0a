import { durationMinutes } from '../../course-authoring/course-outline-planner';
import { type CheckResult, lessonsOf, type ReviewedCourse, resultOf } from './course-check';

/**
 * The lessons' durations may differ from the course's estimated hours by this much: Masar rounds
 * estimated hours to the half hour (estimatedHoursOf), and people round too.
 */
export const DURATION_TOLERANCE_HOURS = 0.5;

function hours(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return `${rounded} ${rounded === 1 ? 'hour' : 'hours'}`;
}

/** Every module has lessons (critical), and the lessons' durations add up to the course's estimated hours (minor). */
export function checkStructure(course: ReviewedCourse): CheckResult[] {
  if (course.modules.length === 0) {
    return [resultOf('structure', 'critical', false, {}, 'The course has no modules, so there is nothing for a learner to study.')];
  }
  const results = course.modules.map((module, index) =>
    module.lessons.length === 0
      ? resultOf('structure', 'critical', false, { module }, `Module ${index + 1} "${module.title}" has no lessons.`)
      : resultOf('structure', 'critical', true, { module }, `Module ${index + 1} "${module.title}" has ${module.lessons.length} lessons.`),
  );
  const lessons = lessonsOf(course).map(({ lesson }) => lesson);
  const unreadable = lessons.filter((lesson) => durationMinutes(lesson.duration) === 0);
  const total = lessons.reduce((sum, lesson) => sum + durationMinutes(lesson.duration), 0) / 60;
  if (course.estimatedHours === null) {
    results.push(resultOf('structure', 'minor', false, {}, `The course gives no estimated hours; its lessons add up to ${hours(total)}.`));
  } else if (unreadable.length > 0) {
    results.push(
      resultOf('structure', 'minor', false, {}, `${unreadable.length} lessons have no duration Masar can read (such as "15 min"), so the course's ${hours(course.estimatedHours)} cannot be checked.`),
    );
  } else if (Math.abs(total - course.estimatedHours) > DURATION_TOLERANCE_HOURS) {
    results.push(
      resultOf('structure', 'minor', false, {}, `The lessons add up to ${hours(total)}, but the course says it takes ${hours(course.estimatedHours)}.`),
    );
  } else {
    results.push(resultOf('structure', 'minor', true, {}, `The lessons add up to ${hours(total)}, as the course says.`));
  }
  return results;
}
