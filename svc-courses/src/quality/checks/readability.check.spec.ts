import { arabicReadability, checkReadability, fleschReadingEase, syllablesOf } from './readability.check';
import { courseFactory, lessonFactory, moduleFactory } from './quality-course.factory';

const DENSE =
  'Notwithstanding organisational considerations, comprehensive institutionalisation of internationally harmonised ' +
  'accounting methodologies necessitates extraordinarily sophisticated interdepartmental communication, ' +
  'particularly regarding retrospective reclassification of consolidated intercompany obligations. ';
const ARABIC_PLAIN = 'الخطر هو أي شيء قد يسبب الضرر. ابحث عن المخاطر كل صباح. أبلغ مشرفك فوراً. ';
const ARABIC_LONG_SENTENCE = 'والموظفون يراجعون الإجراءات '.repeat(40);

function courseOf(content: string) {
  return courseFactory({ modules: [moduleFactory({ lessons: [lessonFactory({ content })] })] });
}

describe('readability measures', () => {
  it('counts English syllables roughly as a reader says them', () => {
    expect([syllablesOf('hazard'), syllablesOf('the'), syllablesOf('communication'), syllablesOf('make')]).toEqual([2, 1, 5, 1]);
    expect(fleschReadingEase('The cat sat on the mat. It was warm.')).toBeGreaterThan(90);
  });

  it('measures Arabic by sentence and word length', () => {
    const { wordsPerSentence, lettersPerWord } = arabicReadability(ARABIC_PLAIN);
    expect(wordsPerSentence).toBe(5);
    expect(lettersPerWord).toBeGreaterThan(3);
  });
});

describe('checkReadability', () => {
  it('passes plain English and plain Arabic', () => {
    expect(checkReadability(courseFactory())).toEqual([expect.objectContaining({ passed: true, check: 'readability' })]);
    expect(checkReadability(courseOf(ARABIC_PLAIN.repeat(10)))[0].passed).toBe(true);
  });

  it('fails English with a Flesch score under 30 and Arabic with very long sentences', () => {
    const [english] = checkReadability(courseOf(DENSE.repeat(6)));
    expect(english).toMatchObject({ passed: false, severity: 'minor' });
    expect(english.message).toMatch(/Flesch reading ease -?\d/);
    const [arabic] = checkReadability(courseOf(ARABIC_LONG_SENTENCE));
    expect(arabic.passed).toBe(false);
    expect(arabic.message).toContain('words a sentence');
  });

  it('does not score short lessons or quizzes', () => {
    expect(checkReadability(courseOf(DENSE))).toEqual([]);
  });
});
