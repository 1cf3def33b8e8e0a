import { READY_AI_MAX_SELECTION, type CategoryCourse, type CourseCategory } from '@masar/contracts';

/** Spec 001 section 2: a category's name is shown with its underscores as spaces. */
export function categoryLabel(name: string): string {
  return name.replace(/_+/g, ' ').trim();
}

/** The categories worth a heading: one with no catalog course has nothing to pick. */
export function categoriesWithCourses(categories: readonly CourseCategory[]): CourseCategory[] {
  return categories.filter((category) => category.courses.length > 0);
}

export function isSelected(selection: readonly CategoryCourse[], courseId: string): boolean {
  return selection.some((picked) => picked.id === courseId);
}

/** How many more courses may be picked (spec 001 section 9: at most 3). */
export function remainingSlots(selection: readonly CategoryCourse[]): number {
  return Math.max(0, READY_AI_MAX_SELECTION - selection.length);
}

/** Picks a course, or puts it back; a fourth pick is ignored, as its card is disabled. */
export function toggleSelection(selection: readonly CategoryCourse[], course: CategoryCourse): CategoryCourse[] {
  if (isSelected(selection, course.id)) return selection.filter((picked) => picked.id !== course.id);
  if (remainingSlots(selection) === 0) return [...selection];
  return [...selection, course];
}
