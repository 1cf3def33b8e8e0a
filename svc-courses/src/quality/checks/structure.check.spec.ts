import { checkStructure } from './structure.check';
import { courseFactory, lessonFactory, moduleFactory } from './quality-course.factory';

describe('checkStructure', () => {
  it('passes a course whose modules have lessons adding up to its hours', () => {
    const results = checkStructure(courseFactory());
    expect(results.every((result) => result.passed)).toBe(true);
    expect(results).toHaveLength(2);
  });

  it('fails a module without lessons, on that module', () => {
    const empty = moduleFactory({ title: 'Empty Module', lessons: [] });
    const course = courseFactory({ modules: [moduleFactory(), empty] });
    const failed = checkStructure(course).filter((result) => !result.passed);
    expect(failed).toEqual([
      expect.objectContaining({ check: 'structure', severity: 'critical', moduleId: empty.id, message: 'Module 2 "Empty Module" has no lessons.' }),
    ]);
  });

  it('fails a course with no modules', () => {
    expect(checkStructure(courseFactory({ modules: [] }))).toEqual([expect.objectContaining({ passed: false, severity: 'critical' })]);
  });

  it('fails lessons that do not add up to the estimated hours, beyond half an hour', () => {
    const course = courseFactory({ estimatedHours: 3, modules: [moduleFactory({ lessons: [lessonFactory({ duration: '1 hour' })] })] });
    const [, total] = checkStructure(course);
    expect(total).toMatchObject({ passed: false, severity: 'minor', message: 'The lessons add up to 1 hour, but the course says it takes 3 hours.' });
    expect(checkStructure({ ...course, estimatedHours: 1.5 })[1].passed).toBe(true);
  });

  it('fails a course without estimated hours or with durations it cannot read', () => {
    expect(checkStructure(courseFactory({ estimatedHours: null }))[1].passed).toBe(false);
    const unreadable = courseFactory({ modules: [moduleFactory({ lessons: [lessonFactory({ duration: 'a while' })] })] });
    expect(checkStructure(unreadable)[1].message).toContain('no duration Masar can read');
  });
});
