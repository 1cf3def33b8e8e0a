import { normaliseForComparison, splitSentences } from '../../documents/sentence-analysis';
import { type CheckResult, fullTextOf, lessonsOf, quoteOf, type ReviewedCourse, resultOf } from './course-check';

/** Words that stand in for content not written yet, in English and Arabic. */
const PLACEHOLDERS: ReadonlyArray<{ pattern: RegExp; name: string }> = [
  { pattern: /\blorem ipsum\b|\bdolor sit amet\b/i, name: 'lorem ipsum' },
  // The word alone is a subject of lessons (SQL placeholders, placeholder text in a form): only its use as a stand-in counts.
  {
    pattern: /\[\s*place-?holder[^\]]*\]|\bthis (?:lesson |section |text |content )?is (?:a |just a |only a )?place-?holder\b|\bplace-?holder (?:lesson|content|for (?:this|the) (?:lesson|module|section))\b|\b(?:lesson |module )?(?:content|text) goes here\b/i,
    name: '"placeholder"',
  },
  { pattern: /\b(?:TBD|TBC)\b|\bto be (?:written|added)\b/, name: '"TBD"' },
  { pattern: /\bcoming soon\b/i, name: '"coming soon"' },
  // "Edit it" left in a template ("[Edit it]", "Click to edit"), not a step in a lesson ("then edit it to fit").
  { pattern: /^[\s\p{P}]*(?:please\s+)?edit (?:it|this|me)[\s\p{P}]*$|\bclick (?:here )?to edit\b|\[edit (?:it|this|me)\]/imu, name: '"edit it"' },
  { pattern: /لوريم إيبسوم|نص تجريبي|نص مؤقت|^[\s\p{P}]*قريبا[\s\p{P}]*$|(?:متاح|يتوفر|سيتوفر) قريبا|سيضاف لاحقا|يستكمل لاحقا/mu, name: 'Arabic filler ("قريباً", "نص تجريبي")' },
];

/** A sentence of at least this many characters said this many times in one lesson is filler. */
const REPEATED_SENTENCE_MIN_LENGTH = 20;
const REPEATED_SENTENCE_TIMES = 3;
/** A word said this many times in a row ("test test test test") is filler. */
const REPEATED_WORD_RUN = 4;

/** Text repeated to fill a lesson: one sentence three or more times, or one word four times in a row. */
export function repeatedFiller(text: string): string | null {
  const counts = new Map<string, { sentence: string; times: number }>();
  for (const sentence of splitSentences(text)) {
    const key = normaliseForComparison(sentence);
    if (key.length < REPEATED_SENTENCE_MIN_LENGTH) continue;
    const seen = counts.get(key) ?? { sentence, times: 0 };
    seen.times += 1;
    counts.set(key, seen);
    if (seen.times >= REPEATED_SENTENCE_TIMES) return `the sentence ${quoteOf(sentence, 60)} ${seen.times} times`;
  }
  const run = new RegExp(`(?<![\\p{L}\\p{N}])([\\p{L}\\p{N}]+)(?:\\s+\\1){${REPEATED_WORD_RUN - 1},}(?![\\p{L}\\p{N}])`, 'iu').exec(text);
  return run ? `the word "${run[1]}" over and over` : null;
}

/** What placeholder or filler the text has, or null. */
export function placeholderIn(text: string): string | null {
  // Arabic diacritics and tatweel vary ("قريبًا", "قريباً"): the patterns read the bare letters.
  const bare = text.replace(/[\u064b-\u065f\u0670\u0640]/g, '');
  for (const { pattern, name } of PLACEHOLDERS) {
    const match = pattern.exec(bare);
    if (match) return `${name} (${quoteOf(match[0].trim(), 40)})`;
  }
  const filler = repeatedFiller(text);
  return filler ? `filler: ${filler}` : null;
}

/** Placeholder or filler text in the course's own fields and in each lesson (major). */
export function checkPlaceholderText(course: ReviewedCourse): CheckResult[] {
  const courseText = [course.title, course.description, course.objective ?? '', course.titleAr ?? '', course.descriptionAr ?? ''].join('\n');
  const inCourse = placeholderIn(courseText);
  const results = [
    inCourse
      ? resultOf('placeholder-text', 'major', false, {}, `The course's title, description or objective holds placeholder text: ${inCourse}.`)
      : resultOf('placeholder-text', 'major', true, {}, "The course's title, description and objective hold no placeholder text."),
  ];
  for (const { module, lesson } of lessonsOf(course)) {
    const found = placeholderIn([lesson.title, fullTextOf(lesson)].join('\n'));
    results.push(
      found
        ? resultOf('placeholder-text', 'major', false, { module, lesson }, `The lesson "${lesson.title}" holds placeholder text: ${found}.`)
        : resultOf('placeholder-text', 'major', true, { module, lesson }, `The lesson "${lesson.title}" holds no placeholder text.`),
    );
  }
  return results;
}
