import { isMostlyArabic } from '../../documents/sentence-analysis';
import { type CheckResult, lessonsOf, type ReviewedCourse, resultOf } from './course-check';

const ARABIC_LETTER = /[\u0621-\u064a\u0671-\u06d3\u06fa-\u06ff]/;
const LATIN_LETTER = /[A-Za-z]/;

/** A course has both languages when it gives an Arabic title or description next to its own. */
export function isBilingual(course: ReviewedCourse): boolean {
  return Boolean(course.titleAr?.trim() || course.descriptionAr?.trim());
}

/**
 * For a course in both languages (major): both Arabic fields present, each written in Arabic
 * letters and the English ones in Latin letters (an untranslated copy fails), and every lesson in
 * the course's own language. Nothing for a course in one language.
 */
export function checkBilingualParity(course: ReviewedCourse): CheckResult[] {
  if (!isBilingual(course)) return [];
  const results: CheckResult[] = [];
  const pairs = [
    { name: 'title', english: course.title, arabic: course.titleAr },
    { name: 'description', english: course.description, arabic: course.descriptionAr },
  ];
  for (const { name, english, arabic } of pairs) {
    if (!arabic?.trim()) {
      results.push(resultOf('bilingual-parity', 'major', false, {}, `The course has an Arabic ${name === 'title' ? 'description' : 'title'} but no Arabic ${name}.`));
    } else if (!ARABIC_LETTER.test(arabic)) {
      results.push(resultOf('bilingual-parity', 'major', false, {}, `The Arabic ${name} has no Arabic letters: it was not translated.`));
    } else if (!LATIN_LETTER.test(english) && course.language !== 'ar') {
      results.push(resultOf('bilingual-parity', 'major', false, {}, `The English ${name} has no English letters.`));
    } else {
      results.push(resultOf('bilingual-parity', 'major', true, {}, `The ${name} is given in English and in Arabic.`));
    }
  }
  const arabicCourse = course.language === 'ar';
  for (const { module, lesson } of lessonsOf(course)) {
    const arabicLesson = isMostlyArabic(lesson.content);
    results.push(
      arabicLesson === arabicCourse
        ? resultOf('bilingual-parity', 'major', true, { module, lesson }, `The lesson "${lesson.title}" is in the course's language.`)
        : resultOf(
            'bilingual-parity',
            'major',
            false,
            { module, lesson },
            `The lesson "${lesson.title}" is written in ${arabicLesson ? 'Arabic' : 'English'}, but the course is in ${arabicCourse ? 'Arabic' : 'English'}: it needs translating.`,
          ),
    );
  }
  return results;
}
