import type { PathCandidateCourse, SkillGap } from '@masar/contracts';
import { courseCoversGap, type CourseChoice } from './course-cover';

/** Gaps per phase the exact solver accepts: its table has 2^gaps entries. */
export const EXACT_COVER_MAX_GAPS = 20;

/**
 * The cheapest choice under the same rules as `chooseCourses` (internal courses for the gaps they can
 * close, external ones for the rest), found by dynamic programming over subsets of gaps. Exponential
 * in the gaps, so only for small instances: it judges the planner in tests and the bench, and is
 * written independently of it so that a flaw in one does not hide in the other.
 */
export function solveCoverExactly(gaps: SkillGap[], candidates: PathCandidateCourse[]): CourseChoice {
  // As chooseCourses: a course listed twice counts once, its first listing that closes a gap.
  const unique = firstOfEachId(candidates.filter((course) => gaps.some((gap) => courseCoversGap(course, gap))));
  const internal = unique.filter((course) => course.kind === 'internal');
  const external = unique.filter((course) => course.kind === 'external');

  const closable = (pool: PathCandidateCourse[], gapIndexes: number[]) =>
    gapIndexes.filter((index) => pool.some((course) => courseCoversGap(course, gaps[index])));
  const allGaps = gaps.map((_, index) => index);
  const internalGaps = closable(internal, allGaps);
  const externalGaps = closable(
    external,
    allGaps.filter((index) => !internalGaps.includes(index)),
  );

  const chosen = [...cheapestCover(gaps, internalGaps, internal), ...cheapestCover(gaps, externalGaps, external)];
  const closed = new Set([...internalGaps, ...externalGaps]);
  return { chosen, uncovered: gaps.filter((_, index) => !closed.has(index)).map((gap) => gap.skill) };
}

function firstOfEachId(candidates: PathCandidateCourse[]): PathCandidateCourse[] {
  const seen = new Set<string>();
  return candidates.filter((course) => {
    if (seen.has(course.id)) return false;
    seen.add(course.id);
    return true;
  });
}

/** Least-hours courses from `pool` closing every gap in `gapIndexes` (each closable by some course in it). */
function cheapestCover(gaps: SkillGap[], gapIndexes: number[], pool: PathCandidateCourse[]): CourseChoice['chosen'] {
  if (gapIndexes.length === 0) return [];
  if (gapIndexes.length > EXACT_COVER_MAX_GAPS) {
    throw new RangeError(`solveCoverExactly handles at most ${EXACT_COVER_MAX_GAPS} gaps per phase, got ${gapIndexes.length}`);
  }
  const masks = pool.map((course) =>
    gapIndexes.reduce((mask, gapIndex, bit) => (courseCoversGap(course, gaps[gapIndex]) ? mask | (1 << bit) : mask), 0),
  );
  const full = (1 << gapIndexes.length) - 1;
  const bestHours = new Float64Array(full + 1).fill(Infinity);
  const cameFrom = new Int32Array(full + 1).fill(-1);
  const addedCourse = new Int32Array(full + 1).fill(-1);
  bestHours[0] = 0;
  // Adding a course only sets bits, so every state is final before any larger one reads it.
  for (let mask = 0; mask <= full; mask += 1) {
    if (bestHours[mask] === Infinity) continue;
    masks.forEach((courseMask, course) => {
      const next = mask | courseMask;
      if (next === mask) return;
      const hours = bestHours[mask] + pool[course].estimatedHours;
      if (hours < bestHours[next]) {
        bestHours[next] = hours;
        cameFrom[next] = mask;
        addedCourse[next] = course;
      }
    });
  }
  if (bestHours[full] === Infinity) throw new Error('cheapestCover was given a gap no course in the pool closes');

  const chosen: CourseChoice['chosen'] = [];
  for (let mask = full; mask !== 0; mask = cameFrom[mask]) {
    const course = pool[addedCourse[mask]];
    chosen.push({ course, covers: gapIndexes.filter((_, bit) => (masks[addedCourse[mask]] >> bit) & 1).map((index) => gaps[index].skill) });
  }
  return chosen.reverse();
}
