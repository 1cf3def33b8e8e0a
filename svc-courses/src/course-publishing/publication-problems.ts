import {
  PLACEHOLDER_LESSON_SENTENCE,
  type PublicationProblem,
  type PublicationProblemKind,
  publicationProblemMessage,
  UNSOURCED_LESSON_NOTICE,
} from '@masar/contracts';
import { placeholderIn } from '../quality/checks/placeholder-text.check';

export interface CourseToPublish {
  description: string;
  modules: ReadonlyArray<{ id: string; title: string; lessons: ReadonlyArray<{ id: string; title: string; content: string }> }>;
}

/** Letters or digits: text made only of spaces, zero-width characters, NBSP or punctuation reads as empty. */
const VISIBLE_TEXT = /[\p{L}\p{N}]/u;

/** How the AI lesson writers mark a lesson they wrote from no material (see the contracts); it stays until someone rewrites it. */
const UNSOURCED_MARKS = [UNSOURCED_LESSON_NOTICE.en, UNSOURCED_LESSON_NOTICE.ar, PLACEHOLDER_LESSON_SENTENCE.en, PLACEHOLDER_LESSON_SENTENCE.ar];

function problem(kind: PublicationProblemKind, where: { moduleId?: string; lessonId?: string; title?: string } = {}): PublicationProblem {
  return { kind, ...where, message: publicationProblemMessage(kind, where.title) };
}

/** The first thing wrong with a lesson's text, or null: empty to the eye, a generator's unchecked mark, or placeholder/filler text. */
function lessonProblemOf(content: string): PublicationProblemKind | null {
  if (!VISIBLE_TEXT.test(content)) return 'blank-lesson';
  // Before placeholderIn: the offline brief's sentence also reads as a placeholder, and "unsourced" says why it is there.
  if (UNSOURCED_MARKS.some((mark) => content.includes(mark))) return 'unsourced-lesson';
  return placeholderIn(content) === null ? null : 'placeholder-lesson';
}

/**
 * What still needs work before the course may be published, in course order: the course's
 * description, its modules (none, or one without lessons) and each lesson's text. Empty when it
 * is ready.
 */
export function publicationProblemsOf(course: CourseToPublish): PublicationProblem[] {
  const problems: PublicationProblem[] = [];
  if (!VISIBLE_TEXT.test(course.description)) problems.push(problem('no-description'));
  if (course.modules.length === 0) problems.push(problem('no-modules'));
  for (const module of course.modules) {
    if (module.lessons.length === 0) problems.push(problem('empty-module', { moduleId: module.id, title: module.title }));
    for (const lesson of module.lessons) {
      const kind = lessonProblemOf(lesson.content);
      if (kind) problems.push(problem(kind, { moduleId: module.id, lessonId: lesson.id, title: lesson.title }));
    }
  }
  return problems;
}
