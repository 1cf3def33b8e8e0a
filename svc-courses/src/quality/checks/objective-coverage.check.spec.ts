import { checkObjectiveCoverage, objectivesOf } from './objective-coverage.check';
import { courseFactory } from './quality-course.factory';

describe('objectivesOf', () => {
  it('splits an objective into its parts, without the lead-in, keeping short clauses with the one before', () => {
    expect(objectivesOf('By the end of this course, learners will be able to identify common hazards, rate a risk by likelihood and severity, and write a clear incident report.')).toEqual([
      'identify common hazards',
      'rate a risk by likelihood and severity',
      'write a clear incident report',
    ]);
  });
});

describe('checkObjectiveCoverage', () => {
  it('passes an objective a lesson teaches, in English and in Arabic', () => {
    expect(checkObjectiveCoverage(courseFactory()).map((result) => result.passed)).toEqual([true]);
  });

  it('fails each objective no lesson teaches', () => {
    const results = checkObjectiveCoverage(courseFactory({ objective: 'Spot hazards in your work area; negotiate supplier contracts with confidence.' }));
    expect(results.map((result) => result.passed)).toEqual([true, false]);
    expect(results[1]).toMatchObject({ check: 'objective-coverage', severity: 'major' });
    expect(results[1].message).toBe('No lesson teaches the objective “negotiate supplier contracts with confidence”: no lesson uses even half of its key words.');
  });

  it('says nothing about a course without an objective', () => {
    expect(checkObjectiveCoverage(courseFactory({ objective: null }))).toEqual([]);
  });
});
