import { PLACEHOLDER_LESSON_SENTENCE, UNSOURCED_LESSON_NOTICE } from '@masar/contracts';
import { publicationProblemsOf } from './publication-problems';

const MODULE = '00000000-0000-4000-8000-000000000001';
const LESSON = '00000000-0000-4000-8000-000000000002';

function kindsFor(content: string): string[] {
  return publicationProblemsOf({
    description: 'A real description.',
    modules: [{ id: MODULE, title: 'One', lessons: [{ id: LESSON, title: 'Lesson', content }] }],
  }).map((problem) => problem.kind);
}

describe('publicationProblemsOf', () => {
  it('finds nothing in a course that is ready', () => {
    expect(kindsFor('Clamp both plates before you weld the seam.')).toEqual([]);
  });

  it('reads text blank to the eye as empty: spaces, NBSP, zero-width characters and punctuation', () => {
    for (const blank of ['', '   ', '\u00a0\u200b\u200c\u200d\ufeff', ' - . ! ', '\n\t']) expect(kindsFor(blank)).toEqual(['blank-lesson']);
  });

  it('finds the generators’ unchecked marks in both languages, from the composer and the offline brief', () => {
    for (const mark of [UNSOURCED_LESSON_NOTICE.en, UNSOURCED_LESSON_NOTICE.ar, PLACEHOLDER_LESSON_SENTENCE.en, PLACEHOLDER_LESSON_SENTENCE.ar]) {
      expect(kindsFor(`Intro.\n\n${mark}\n\nMore text.`)).toEqual(['unsourced-lesson']);
    }
  });

  it('finds placeholder and filler text in English and Arabic', () => {
    expect(kindsFor('Lorem ipsum dolor sit amet.')).toEqual(['placeholder-lesson']);
    expect(kindsFor('Content goes here')).toEqual(['placeholder-lesson']);
    expect(kindsFor('نص تجريبي')).toEqual(['placeholder-lesson']);
    // The word as a subject of the lesson is not a stand-in.
    expect(kindsFor('SQL placeholders keep user input out of the query text.')).toEqual([]);
  });

  it('finds a course without a description or modules, and a module without lessons', () => {
    const problems = publicationProblemsOf({ description: '\u200b', modules: [] });
    expect(problems.map((problem) => problem.message)).toEqual(['The course has no description', 'The course has no modules']);
    const empty = publicationProblemsOf({ description: 'Fine.', modules: [{ id: MODULE, title: 'Later', lessons: [] }] });
    expect(empty).toEqual([{ kind: 'empty-module', moduleId: MODULE, title: 'Later', message: 'The module "Later" has no lessons' }]);
  });
});
