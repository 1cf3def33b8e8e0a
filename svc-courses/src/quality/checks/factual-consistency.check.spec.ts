import { MAX_FACT_CHECKED_LESSON_CHARACTERS } from '@masar/contracts';
import { factCheckRequestsOf, factCheckSkippedLine, factualConsistencyResults } from './factual-consistency.check';
import { courseFactory, lessonFactory, moduleFactory } from './quality-course.factory';

describe('the factual-consistency check', () => {
  it('asks about every lesson with text but quizzes, six at most per request, in course order, a long lesson cut', () => {
    const readings = Array.from({ length: 7 }, (_, index) => lessonFactory({ title: `Reading ${index + 1}` }));
    const long = lessonFactory({ title: 'Long', content: 'A'.repeat(MAX_FACT_CHECKED_LESSON_CHARACTERS + 50) });
    const course = courseFactory({
      language: 'ar',
      modules: [
        moduleFactory({ lessons: [...readings.slice(0, 4), lessonFactory({ type: 'quiz' }), lessonFactory({ title: 'Blank', content: ' \u200B ' })] }),
        moduleFactory({ lessons: [...readings.slice(4), long] }),
      ],
    });
    const requests = factCheckRequestsOf(course);
    expect(requests.map((request) => request.lessons.map((lesson) => lesson.title))).toEqual([
      ['Reading 1', 'Reading 2', 'Reading 3', 'Reading 4', 'Reading 5', 'Reading 6'],
      ['Reading 7', 'Long'],
    ]);
    expect(requests[0].course).toEqual({ title: course.title, language: 'ar' });
    expect(requests[0].lessons[0]).toEqual({ key: readings[0].id, title: 'Reading 1', content: readings[0].content });
    expect(requests[1].lessons[1].content).toHaveLength(MAX_FACT_CHECKED_LESSON_CHARACTERS);
    expect(factCheckRequestsOf(courseFactory({ modules: [moduleFactory({ lessons: [lessonFactory({ type: 'quiz' })] })] }))).toEqual([]);
  });

  it('fails a lesson once per finding with its severity and “claim”: problem, passes a checked lesson without findings, ignores unknown keys', () => {
    const wrong = lessonFactory({ title: 'Wrong' });
    const right = lessonFactory({ title: 'Right' });
    const unchecked = lessonFactory({ title: 'Unchecked' });
    const module = moduleFactory({ lessons: [wrong, right, unchecked] });
    const course = courseFactory({ modules: [module] });
    const results = factualConsistencyResults(course, [
      {
        provider: 'openai',
        model: 'gpt-4o-mini',
        findings: [
          { key: wrong.id, claim: 'Hazards are harmless.', problem: 'A hazard can cause harm.', severity: 'critical' },
          { key: wrong.id, claim: 'Report once a year.', problem: 'Report at once.', severity: 'minor' },
          { key: 'someone-else', claim: 'x', problem: 'y', severity: 'major' },
        ],
        checkedKeys: [wrong.id, right.id, 'someone-else'],
      },
    ]);
    expect(results).toEqual([
      { check: 'factual-consistency', passed: false, severity: 'critical', moduleId: module.id, lessonId: wrong.id, message: '“Hazards are harmless.”: A hazard can cause harm.' },
      { check: 'factual-consistency', passed: false, severity: 'minor', moduleId: module.id, lessonId: wrong.id, message: '“Report once a year.”: Report at once.' },
      { check: 'factual-consistency', passed: true, severity: 'major', moduleId: module.id, lessonId: right.id, message: 'No factual problem found in "Right".' },
    ]);
  });

  it('says in the task log why it was not run', () => {
    expect(factCheckSkippedLine('The AI service is unavailable')).toBe('Factual consistency not checked: The AI service is unavailable');
  });
});
