import { checkDuplicatePassages } from './duplicate-passages.check';
import { courseFactory, lessonFactory, moduleFactory, SOUND_QUIZ, SOUND_READING } from './quality-course.factory';

const OTHER_READING =
  'A risk is the chance that a hazard actually hurts someone, combined with how badly it could hurt them. ' +
  'Rate the likelihood from rare to almost certain and the severity from minor to fatal, then multiply the two.';

describe('checkDuplicatePassages', () => {
  it('passes lessons that say different things (quizzes quoting them are left out)', () => {
    const course = courseFactory({
      modules: [moduleFactory({ lessons: [lessonFactory(), lessonFactory({ content: OTHER_READING }), lessonFactory({ type: 'quiz', content: `${SOUND_QUIZ}\n${SOUND_READING}` })] })],
    });
    const results = checkDuplicatePassages(course);
    expect(results).toHaveLength(2);
    expect(results.every((result) => result.passed)).toBe(true);
  });

  it('fails the later lesson that repeats a passage of an earlier one, ignoring case and punctuation', () => {
    const copied = SOUND_READING.split('. ').slice(2, 5).join('. ').toUpperCase();
    const later = lessonFactory({ title: 'Reporting', content: `${OTHER_READING} ${copied}` });
    const module = moduleFactory({ lessons: [lessonFactory({ title: 'Spotting Hazards' }), later] });
    const [first, second] = checkDuplicatePassages(courseFactory({ modules: [module] }));
    expect(first.passed).toBe(true);
    expect(second).toMatchObject({ passed: false, lessonId: later.id, moduleId: module.id, severity: 'minor' });
    expect(second.message).toMatch(/^The lesson "Reporting" repeats \d+ words of the lesson "Spotting Hazards", starting "spotting hazards early/);
  });
});
