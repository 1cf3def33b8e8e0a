import { buildLearningPath } from './learning-path.factory';
import { coursesClosingGap } from './gap-courses';

describe('coursesClosingGap', () => {
  it("finds the courses whose covers name the gap's skill, however it is spelled, in study order", () => {
    const path = buildLearningPath();
    const closing = coursesClosingGap({ skill: ' python ' }, path.courses);
    expect(closing.length).toBeGreaterThan(0);
    expect(closing.every((course) => course.covers.some((skill) => skill.toLowerCase() === 'python'))).toBe(true);
    expect(coursesClosingGap({ skill: 'Underwater Welding' }, path.courses)).toEqual([]);
  });
});
