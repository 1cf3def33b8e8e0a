import { Language, SearchPassageField } from '@masar/contracts';

/** Words a lesson passage aims for: long enough to answer from, short enough to point at the right place. */
export const PASSAGE_TARGET_WORDS = 250;
/** No passage grows past this; a paragraph longer than it is cut between sentences. */
export const PASSAGE_MAX_WORDS = 400;
/** A last piece shorter than this joins the passage before it (when that stays under the maximum). */
const PASSAGE_MIN_WORDS = 60;

export interface IndexedLesson {
  id: string;
  title: string;
  content: string;
  keyPoints: string[];
  activities: string[];
}

export interface IndexedModule {
  id: string;
  title: string;
  description: string;
  lessons: IndexedLesson[];
}

export interface IndexedCourse {
  id: string;
  title: string;
  description: string;
  objective: string | null;
  skills: string[];
  titleAr: string | null;
  descriptionAr: string | null;
  language: Language;
  modules: IndexedModule[];
}

/** A passage as it is shown (title and text as written); the index normalises them. */
export interface CoursePassage {
  field: SearchPassageField;
  moduleId: string | null;
  lessonId: string | null;
  /** Order within its lesson, module or course, from 0. */
  position: number;
  title: string;
  text: string;
}

const LABELS: Record<Language, { skills: string; objective: string; keyPoints: string; activities: string }> = {
  en: { skills: 'Skills', objective: 'Objective', keyPoints: 'Key points', activities: 'Activities' },
  ar: { skills: 'المهارات', objective: 'الهدف', keyPoints: 'النقاط الرئيسية', activities: 'الأنشطة' },
};

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** A paragraph longer than the maximum, cut between sentences (a single endless sentence between words). */
function splitLongParagraph(paragraph: string): string[] {
  if (wordCount(paragraph) <= PASSAGE_MAX_WORDS) return [paragraph];
  const sentences = paragraph.match(/[^.!?؟।\n]+(?:[.!?؟]+|$)\s*/g) ?? [paragraph];
  const pieces: string[] = [];
  let current = '';
  for (const sentence of sentences) {
    if (current !== '' && wordCount(current) + wordCount(sentence) > PASSAGE_TARGET_WORDS) {
      pieces.push(current.trim());
      current = '';
    }
    current += sentence;
  }
  if (current.trim() !== '') pieces.push(current.trim());
  return pieces.flatMap((piece) => {
    const words = piece.split(/\s+/).filter(Boolean);
    if (words.length <= PASSAGE_MAX_WORDS) return [piece];
    const cut: string[] = [];
    for (let at = 0; at < words.length; at += PASSAGE_TARGET_WORDS) cut.push(words.slice(at, at + PASSAGE_TARGET_WORDS).join(' '));
    return cut;
  });
}

/** Paragraphs gathered into passages of about PASSAGE_TARGET_WORDS, never splitting a paragraph that fits. */
export function groupParagraphs(paragraphs: string[]): string[] {
  const passages: string[][] = [];
  let current: string[] = [];
  let words = 0;
  for (const paragraph of paragraphs.flatMap(splitLongParagraph)) {
    const size = wordCount(paragraph);
    if (current.length > 0 && (words >= PASSAGE_TARGET_WORDS || words + size > PASSAGE_MAX_WORDS)) {
      passages.push(current);
      current = [];
      words = 0;
    }
    current.push(paragraph);
    words += size;
  }
  if (current.length > 0) {
    const previous = passages[passages.length - 1];
    if (previous && words < PASSAGE_MIN_WORDS && wordCount(previous.join(' ')) + words <= PASSAGE_MAX_WORDS) previous.push(...current);
    else passages.push(current);
  }
  return passages.map((passage) => passage.join('\n\n'));
}

function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

function listParagraph(label: string, items: string[]): string[] {
  const kept = items.map((item) => item.trim()).filter(Boolean);
  return kept.length === 0 ? [] : [`${label}:\n${kept.map((item) => `- ${item}`).join('\n')}`];
}

/**
 * The passages of a course: one for the course (description, objective, the Arabic title and
 * description when they differ, skills), one per module (its description) and, per lesson, its text
 * in passages of a few hundred words cut at paragraphs, with its key points and activities at the end.
 */
export function buildCoursePassages(course: IndexedCourse): CoursePassage[] {
  const labels = LABELS[course.language];
  const courseParagraphs = [
    course.description,
    course.objective ? `${labels.objective}: ${course.objective}` : '',
    course.titleAr && course.titleAr !== course.title ? course.titleAr : '',
    course.descriptionAr && course.descriptionAr !== course.description ? course.descriptionAr : '',
    course.skills.length > 0 ? `${labels.skills}: ${course.skills.join(', ')}` : '',
  ].filter((paragraph) => paragraph.trim() !== '');
  const passages: CoursePassage[] = [
    { field: 'course', moduleId: null, lessonId: null, position: 0, title: course.title, text: courseParagraphs.join('\n\n') },
  ];
  for (const module of course.modules) {
    passages.push({ field: 'module', moduleId: module.id, lessonId: null, position: 0, title: module.title, text: module.description.trim() });
    for (const lesson of module.lessons) {
      const paragraphs = [
        ...paragraphsOf(lesson.content),
        ...listParagraph(labels.keyPoints, lesson.keyPoints),
        ...listParagraph(labels.activities, lesson.activities),
      ];
      const texts = paragraphs.length === 0 ? [''] : groupParagraphs(paragraphs);
      texts.forEach((text, position) =>
        passages.push({ field: 'lesson', moduleId: module.id, lessonId: lesson.id, position, title: lesson.title, text }),
      );
    }
  }
  return passages;
}
