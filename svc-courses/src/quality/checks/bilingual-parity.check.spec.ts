import { checkBilingualParity } from './bilingual-parity.check';
import { courseFactory, lessonFactory, moduleFactory } from './quality-course.factory';

describe('checkBilingualParity', () => {
  it('says nothing about a course in one language', () => {
    expect(checkBilingualParity(courseFactory())).toEqual([]);
  });

  it('passes a course with both Arabic fields translated and lessons in its language', () => {
    const course = courseFactory({ titleAr: 'أساسيات السلامة في مكان العمل', descriptionAr: 'العادات التي تحافظ على سلامة مكان العمل.' });
    expect(checkBilingualParity(course).every((result) => result.passed)).toBe(true);
  });

  it('fails an Arabic title without Arabic letters, a missing Arabic description and an untranslated lesson', () => {
    const arabicLesson = lessonFactory({ content: 'الخطر هو أي شيء في العمل قد يسبب الضرر للناس.' });
    const course = courseFactory({
      titleAr: 'Workplace Safety Essentials',
      descriptionAr: null,
      modules: [moduleFactory({ lessons: [lessonFactory(), arabicLesson] })],
    });
    const failed = checkBilingualParity(course).filter((result) => !result.passed);
    expect(failed.map((result) => result.message)).toEqual([
      'The Arabic title has no Arabic letters: it was not translated.',
      'The course has an Arabic title but no Arabic description.',
      'The lesson "Spotting Hazards" is written in Arabic, but the course is in English: it needs translating.',
    ]);
    expect(failed[2]).toMatchObject({ lessonId: arabicLesson.id, severity: 'major' });
  });
});
