/** What a play button narrates: one lesson, placed in its course and module. */
export interface NarrationTarget {
  courseId: string;
  moduleId: string;
  lessonId: string;
  title: string;
  text: string;
}

/** Spec section 4: generated audio addresses are cached per course, module and lesson for the session. */
const addresses = new Map<string, string>();

export function narrationKeyOf(target: Pick<NarrationTarget, 'courseId' | 'moduleId' | 'lessonId'>): string {
  return `${target.courseId}/${target.moduleId}/${target.lessonId}`;
}

export function cachedNarration(key: string): string | undefined {
  return addresses.get(key);
}

export function cacheNarration(key: string, audioUrl: string): void {
  addresses.set(key, audioUrl);
}

/** For tests: a fresh session. */
export function forgetNarrations(): void {
  addresses.clear();
}
