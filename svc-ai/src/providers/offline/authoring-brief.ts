import { PLACEHOLDER_LESSON_SENTENCE } from '@masar/contracts';
import { CourseOutline, PlannedLessonWithSources } from '../lesson-composer';
import { countWords, sentencesOf } from './source-text';

/** Ends a phrase with a full stop unless it already ends a sentence. */
function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?؟…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** What the course is for: its objective, or failing that the opening of its description. */
function courseAim(course: CourseOutline): { objective?: string; description?: string } {
  if (course.objective !== undefined && course.objective.trim().length > 0) return { objective: asSentence(course.objective) };
  const opening: string[] = [];
  for (const sentence of sentencesOf(course.description)) {
    if (opening.length === 2 || countWords([...opening, sentence].join(' ')) > 60) break;
    opening.push(sentence);
  }
  return opening.length > 0 ? { description: asSentence(opening.join(' ')) } : {};
}

/**
 * The text of a lesson nothing in the library covers: an honest authoring brief, not prose that
 * pretends to teach. It says what the lesson is for and where it sits, so an author can fill it in.
 */
export function authoringBrief(course: CourseOutline, lesson: PlannedLessonWithSources): string {
  const aim = courseAim(course);
  if (course.language === 'ar') {
    const context = [`مخطط ضمن الوحدة «${lesson.moduleTitle}» من دورة «${course.title}».`];
    if (aim.objective) context.push(`هدف الدورة: ${aim.objective}`);
    if (aim.description) context.push(`وصف الدورة: ${aim.description}`);
    return [
      `لا يغطي أي درس في مكتبة مسار موضوع «${lesson.title}» بعد. ${PLACEHOLDER_LESSON_SENTENCE.ar}`,
      context.join(' '),
    ].join('\n\n');
  }
  const context = [`Planned in module “${lesson.moduleTitle}” of “${course.title}”.`];
  if (aim.objective) context.push(`Course objective: ${aim.objective}`);
  if (aim.description) context.push(`Course description: ${aim.description}`);
  return [
    `No lesson in the Masar library covers “${lesson.title}” yet. ${PLACEHOLDER_LESSON_SENTENCE.en}`,
    context.join(' '),
  ].join('\n\n');
}
