import type { CourseLevel, PathCandidateCourse, SkillGap } from '@masar/contracts';

/**
 * Test data for the planner: candidate courses, gaps, and seeded random instances. Lives beside the
 * code it feeds; nothing in the service imports it.
 */

/** Seeded pseudo-random numbers in [0, 1) (mulberry32): the same seed gives the same instances. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A valid uuid made from a number, so ids read in test output and sort in number order. */
export function courseIdFor(number: number): string {
  return `00000000-0000-4000-8000-${number.toString(16).padStart(12, '0')}`;
}

let nextCourseNumber = 1;

export function buildCourse(overrides: Partial<PathCandidateCourse> & Pick<PathCandidateCourse, 'skills'>): PathCandidateCourse {
  const number = nextCourseNumber++;
  return {
    id: courseIdFor(number),
    title: `Course ${number}`,
    titleAr: null,
    abbreviation: `C-${number}`,
    kind: 'internal',
    provider: null,
    url: null,
    level: 'intermediate',
    estimatedHours: 10,
    prerequisites: [],
    ...overrides,
  };
}

export function buildGap(skill: string, overrides: Partial<SkillGap> = {}): SkillGap {
  return {
    skill,
    category: 'technical',
    importance: 'required',
    currentLevel: 'none',
    targetLevel: 'working',
    priority: 'high',
    ...overrides,
  };
}

const LEVELS: Array<CourseLevel | null> = ['beginner', 'intermediate', 'intermediate', 'advanced', null];

/**
 * A small instance the exact solver handles: up to `maxGaps` gaps (a third nice-to-have) and up to
 * `maxCandidates` courses teaching 1-4 of a few more skills than there are gaps, a quarter external.
 * Some gaps end up with no course, some courses with no gap.
 *
 * `dense` makes the hard kind instead: all gaps required, every course advanced, internal, teaching
 * 2-8 of the gap skills at about the same hours per skill, so that many covers cost nearly the same.
 */
export function randomSmallInstance(
  random: () => number,
  { maxGaps = 15, maxCandidates = 30, dense = false }: { maxGaps?: number; maxCandidates?: number; dense?: boolean } = {},
): { gaps: SkillGap[]; candidates: PathCandidateCourse[] } {
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  if (dense) {
    const skills = Array.from({ length: maxGaps }, (_, index) => `Skill ${index}`);
    const candidates = Array.from({ length: maxCandidates }, () => {
      const taught = new Set(Array.from({ length: between(2, 8) }, () => skills[between(0, skills.length - 1)]));
      return buildCourse({ skills: [...taught], level: 'advanced', estimatedHours: (taught.size * between(8, 12)) / 2 });
    });
    return { gaps: skills.map((skill) => buildGap(skill)), candidates };
  }
  const gapCount = between(1, maxGaps);
  const skills = Array.from({ length: gapCount + between(0, 4) }, (_, index) => `Skill ${index}`);
  const gaps = skills.slice(0, gapCount).map((skill) =>
    random() < 1 / 3
      ? buildGap(skill, { importance: 'nice-to-have', targetLevel: 'basic', priority: 'low' })
      : buildGap(skill, { priority: random() < 0.5 ? 'high' : 'medium' }),
  );
  const candidates = Array.from({ length: between(1, maxCandidates) }, () => {
    const taught = new Set(Array.from({ length: between(1, 4) }, () => skills[between(0, skills.length - 1)]));
    return buildCourse({
      skills: [...taught],
      kind: random() < 0.25 ? 'external' : 'internal',
      level: LEVELS[between(0, LEVELS.length - 1)],
      // Whole and half hours, so ties and near-ties happen as they do in a real catalog.
      estimatedHours: between(4, 80) / 2,
    });
  });
  return { gaps, candidates };
}

/** Total hours of a choice of courses. */
export function hoursOf(chosen: Array<{ course: PathCandidateCourse }>): number {
  return chosen.reduce((sum, { course }) => sum + course.estimatedHours, 0);
}
