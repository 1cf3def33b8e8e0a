import type { CourseLevel } from '@masar/contracts';

/** Spec document 2 (Ready AI): beginner green, intermediate yellow, anything else red. */
export function levelTagColor(level: CourseLevel | string): string {
  if (level === 'beginner') return 'green';
  if (level === 'intermediate') return 'gold';
  return 'red';
}
