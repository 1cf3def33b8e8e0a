import type { CourseSearchChunk } from '@masar/contracts';
import { coursePath, lessonPath } from '../courses/course-presentation';

/** Course, module and lesson of a result, leaving out the parts a course or module passage has not. */
export function resultPathParts(chunk: CourseSearchChunk): string[] {
  return [chunk.courseTitle, chunk.moduleTitle, chunk.lessonTitle].filter((part) => part.trim().length > 0);
}

/** The most precise title a result has: its lesson's, else its module's, else its course's. */
export function resultTitle(chunk: CourseSearchChunk): string {
  return resultPathParts(chunk).at(-1) ?? chunk.courseTitle;
}

/** Where a result opens: its lesson, or the course for a course or module passage. */
export function resultLink(chunk: CourseSearchChunk): string {
  return chunk.lessonId ? lessonPath(chunk.courseId, chunk.lessonId) : coursePath(chunk.courseId);
}

/** The element id of a result in the list, for citations to scroll to. */
export function resultElementId(chunkId: string): string {
  return `course-search-result-${chunkId}`;
}

/** The element id of a result's toggle, focused when a citation selects the result. */
export function resultToggleId(chunkId: string): string {
  return `${resultElementId(chunkId)}-toggle`;
}

/** Relevance 0-1 as a whole percentage. */
export function relevancePercent(score: number): number {
  return Math.round(Math.min(1, Math.max(0, score)) * 100);
}
