import { MAX_SECONDS_PER_REPORT } from '@masar/contracts';
import { buildLesson, buildModule } from '../courses/course.factory';
import { secondsSpentSince, summarizeCourseProgress } from './course-progress';

describe('summarizeCourseProgress', () => {
  const lessons = Array.from({ length: 8 }, () => buildLesson());
  const course = { modules: [buildModule({ lessons: lessons.slice(0, 5) }), buildModule({ lessons: lessons.slice(5) })] };

  it('counts completed lessons across all modules and rounds the percent: 3 of 8 is 38%', () => {
    const completed = new Set([lessons[0].id, lessons[4].id, lessons[7].id]);
    expect(summarizeCourseProgress(course, completed)).toEqual({ completed: 3, total: 8, percent: 38 });
  });

  it('ignores completed lessons that are no longer in the course', () => {
    const completed = new Set([lessons[0].id, '30000000-0000-4000-8000-999999999999']);
    expect(summarizeCourseProgress(course, completed)).toEqual({ completed: 1, total: 8, percent: 13 });
  });

  it('is 0% for a course without lessons, and 100% when every lesson is done', () => {
    expect(summarizeCourseProgress({ modules: [] }, new Set())).toEqual({ completed: 0, total: 0, percent: 0 });
    expect(summarizeCourseProgress(course, new Set(lessons.map((lesson) => lesson.id))).percent).toBe(100);
  });
});

describe('secondsSpentSince', () => {
  it('gives whole seconds, never negative, at most 4 hours', () => {
    expect(secondsSpentSince(1_000, 62_900)).toBe(61);
    expect(secondsSpentSince(5_000, 1_000)).toBe(0);
    expect(secondsSpentSince(0, 14 * 60 * 60 * 1000)).toBe(MAX_SECONDS_PER_REPORT);
  });
});
