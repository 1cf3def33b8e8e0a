import { AiProvider, ComposedLesson, composeLessonsRequestSchema, LessonCitation, LessonSource } from '@masar/contracts';
import { z } from 'zod';

/** A compose request once checked: the course language and each source's lists defaulted. */
export type LessonCompositionRequest = z.output<typeof composeLessonsRequestSchema>;
export type CourseOutline = LessonCompositionRequest['course'];
export type PlannedLessonWithSources = LessonCompositionRequest['lessons'][number];

/**
 * A model backend that writes a module's planned lessons from the material svc-courses found for
 * each. Two exist: the built-in offline composer (the default), which only arranges the sources'
 * own text, and an OpenAI-compatible API, which writes from them. Either way the reply cites
 * exactly the sources the text uses, and a lesson without sources says so.
 */
export interface LessonComposer {
  readonly name: AiProvider;
  /** One composed lesson per planned lesson, in the request's order. */
  composeLessons(request: LessonCompositionRequest): Promise<ComposedLesson[]>;
}

/** Every composer that can run (`ProvidersByName<LessonComposer>`): each call uses its feature's. */
export const LESSON_COMPOSERS = Symbol('LESSON_COMPOSERS');

/** What a reply says of a source: where it comes from, never its text. */
export function citationOf(source: LessonSource): LessonCitation {
  const citation: LessonCitation = { origin: source.origin };
  if (source.courseId !== undefined) citation.courseId = source.courseId;
  if (source.lessonId !== undefined) citation.lessonId = source.lessonId;
  if (source.courseTitle !== undefined) citation.courseTitle = source.courseTitle;
  if (source.lessonTitle !== undefined) citation.lessonTitle = source.lessonTitle;
  if (source.fileName !== undefined) citation.fileName = source.fileName;
  if (source.section !== undefined) citation.section = source.section;
  return citation;
}

/** How a source is named to a reader: "SQL and Relational Databases › Joins", "handbook.pdf › Safety". */
export function sourceLabel(source: LessonSource): string | undefined {
  const parts =
    source.origin === 'catalog' ? [source.courseTitle, source.lessonTitle] : [source.fileName ?? source.courseTitle, source.section ?? source.lessonTitle];
  const named = parts.map((part) => part?.trim()).filter((part): part is string => part !== undefined && part.length > 0);
  return named.length > 0 ? named.join(' › ') : undefined;
}
