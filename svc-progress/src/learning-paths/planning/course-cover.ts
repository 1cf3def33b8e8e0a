import {
  courseReachedLevel,
  SKILL_LEVELS,
  skillLevelRank,
  type PathCandidateCourse,
  type SkillGap,
} from '@masar/contracts';
import { skillKey } from './skill-gaps';

/** A chosen course and the gap skills (named as in the gaps given) it closes. */
export interface ChosenCourse {
  course: PathCandidateCourse;
  covers: string[];
}

/** The courses to take, internal ones first, and the gap skills no course closes. */
export interface CourseChoice {
  chosen: ChosenCourse[];
  uncovered: string[];
}

export interface ChooseCoursesOptions {
  /**
   * Work the exact search may do in one call, across all its parts, in steps (one option looked at
   * in one node of the search); 0 leaves the heuristics' answer as it is. A count rather than a
   * time, so the same input always gives the same answer.
   */
  exactSearchStepLimit?: number;
}

/**
 * Plans for 50 gaps over a 10,000-course catalog need under 100,000 steps to be proven optimal; a
 * contrived instance where every course closes several gaps at about the same price per gap stops
 * here, about 20 ms of search on a slow core, with the heuristics' answer or better.
 */
export const DEFAULT_EXACT_SEARCH_STEP_LIMIT = 250_000;

/** Hours are sums of fractions: differences below this are rounding, not a better plan. */
const HOURS_EPSILON = 1e-9;

/**
 * The gaps as courses can close them: where no course teaching a skill reaches the level the job expects
 * (a senior posting's "strong" or "expert", when the catalog's courses stop at "working"), the most a
 * course can give, so the learner is still offered the course that takes them furthest. The learner's
 * gaps keep the job's level; only the choice of courses uses these. A gap no course moves past the
 * learner's level stays as it is, and so without a course.
 */
export function gapsWithinCatalogReach(gaps: SkillGap[], candidates: readonly Pick<PathCandidateCourse, 'level' | 'skills'>[]): SkillGap[] {
  const highestRankBySkill = new Map<string, number>();
  for (const course of candidates) {
    const rank = skillLevelRank(courseReachedLevel(course));
    for (const skill of course.skills) {
      const key = skillKey(skill);
      if (rank > (highestRankBySkill.get(key) ?? -1)) highestRankBySkill.set(key, rank);
    }
  }
  return gaps.map((gap) => {
    const highest = highestRankBySkill.get(skillKey(gap.skill));
    if (highest === undefined || highest >= skillLevelRank(gap.targetLevel) || highest <= skillLevelRank(gap.currentLevel)) return gap;
    return { ...gap, targetLevel: SKILL_LEVELS[highest] };
  });
}

/** A course closes a gap when it teaches the skill up to at least the level the job expects. */
export function courseCoversGap(course: Pick<PathCandidateCourse, 'level' | 'skills'>, gap: Pick<SkillGap, 'skill' | 'targetLevel'>): boolean {
  if (skillLevelRank(courseReachedLevel(course)) < skillLevelRank(gap.targetLevel)) return false;
  const key = skillKey(gap.skill);
  return course.skills.some((skill) => skillKey(skill) === key);
}

/** The gaps a course closes, in the order given: what a learner's own pick of a course is credited with. */
export function gapsCoveredBy(course: Pick<PathCandidateCourse, 'level' | 'skills'>, gaps: SkillGap[]): SkillGap[] {
  return gaps.filter((gap) => courseCoversGap(course, gap));
}

/** A candidate as the solver sees it: what it costs and which gaps (by index into `gaps`) it closes. */
interface CoverOption {
  course: PathCandidateCourse;
  cost: number;
  /** Ascending gap indexes. */
  gapIndexes: number[];
  /** Position in the tie-break order (internal, then fewer hours, then id): lower wins a tie. */
  rank: number;
}

/**
 * Chooses courses closing the gaps for the fewest total hours, as a weighted set cover.
 *
 * Internal courses first: every gap some internal course closes is closed with internal courses only;
 * external courses are used only for the gaps no internal course closes. A gap nothing closes is
 * returned in `uncovered`, never dropped. A course listed twice (one id) counts once: its first
 * listing that closes a gap.
 *
 * Each phase drops dominated courses, splits into independent parts, and solves each by greedy
 * (least hours per newly closed gap), removal of redundant courses, local improvement (take one
 * course in and drop what it makes redundant; drop one or two and repair), then an exact branch and
 * bound seeded with that answer, within a step budget. Deterministic: the same gaps and candidates,
 * in any order, give the same choice.
 */
export function chooseCourses(
  gaps: SkillGap[],
  candidates: PathCandidateCourse[],
  options: ChooseCoursesOptions = {},
): CourseChoice & { shortestByGap: Map<string, PathCandidateCourse> } {
  const budget = { stepsLeft: options.exactSearchStepLimit ?? DEFAULT_EXACT_SEARCH_STEP_LIMIT };
  const { internal, external, shortest } = coverOptionsByKind(gaps, candidates);

  const internalGaps = gapsClosedBy(internal);
  const externalOnly = external
    .map((option) => ({ ...option, gapIndexes: option.gapIndexes.filter((index) => !internalGaps.has(index)) }))
    .filter((option) => option.gapIndexes.length > 0);
  const externalGaps = gapsClosedBy(externalOnly);

  const chosen = [...solveWeightedSetCover(internal, budget), ...solveWeightedSetCover(externalOnly, budget)].map(
    (option) => ({ course: option.course, covers: option.gapIndexes.map((index) => gaps[index].skill) }),
  );
  const uncovered = gaps.filter((_, index) => !internalGaps.has(index) && !externalGaps.has(index)).map((gap) => gap.skill);
  const shortestByGap = new Map<string, PathCandidateCourse>();
  shortest.forEach((course, index) => course && shortestByGap.set(skillKey(gaps[index].skill), course));
  return { chosen, uncovered, shortestByGap };
}

/** Fewer hours first, then internal, then id: which of two courses closing a gap is the shorter way. */
export function compareShorter(a: PathCandidateCourse, b: PathCandidateCourse): number {
  if (a.estimatedHours !== b.estimatedHours) return a.estimatedHours - b.estimatedHours;
  const kind = Number(a.kind !== 'internal') - Number(b.kind !== 'internal');
  if (kind !== 0) return kind;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The candidates that close at least one gap, split by kind and in tie-break order, and the shortest
 * course closing each gap (by gap index; what fitting a plan into 12 months prefers). Only the gaps'
 * skills are indexed, so each candidate costs one lookup per skill it teaches.
 */
function coverOptionsByKind(
  gaps: SkillGap[],
  candidates: PathCandidateCourse[],
): { internal: CoverOption[]; external: CoverOption[]; shortest: Array<PathCandidateCourse | undefined> } {
  const shortest = new Array<PathCandidateCourse | undefined>(gaps.length);
  const gapIndexesByKey = new Map<string, number[]>();
  gaps.forEach((gap, index) => {
    const key = skillKey(gap.skill);
    const indexes = gapIndexesByKey.get(key);
    if (indexes) indexes.push(index);
    else gapIndexesByKey.set(key, [index]);
  });
  const targetRanks = gaps.map((gap) => skillLevelRank(gap.targetLevel));

  // A catalog spells each skill the same way in many courses: normalise each spelling once.
  const gapIndexesBySpelling = new Map<string, number[] | null>();
  const gapIndexesOf = (skill: string): number[] | null => {
    let indexes = gapIndexesBySpelling.get(skill);
    if (indexes === undefined) {
      indexes = gapIndexesByKey.get(skillKey(skill)) ?? null;
      gapIndexesBySpelling.set(skill, indexes);
    }
    return indexes;
  };

  // Of courses of one kind closing exactly the same gaps only the best can matter: keeping just it
  // here spares sorting and pruning thousands of look-alikes from a big catalog.
  const bestBySignature = new Map<string, CoverOption>();
  const seenIds = new Set<string>();
  for (const course of candidates) {
    let gapIndexes: number[] | undefined;
    let reachedRank = -1;
    for (const skill of course.skills) {
      const indexes = gapIndexesOf(skill);
      if (!indexes) continue;
      if (reachedRank === -1) reachedRank = skillLevelRank(courseReachedLevel(course));
      for (const index of indexes) {
        if (reachedRank < targetRanks[index]) continue;
        gapIndexes ??= [];
        if (!gapIndexes.includes(index)) gapIndexes.push(index);
      }
    }
    // Only courses closing a gap are checked for a repeated id: the rest are never looked at again.
    if (!gapIndexes || seenIds.has(course.id)) continue;
    seenIds.add(course.id);
    for (const index of gapIndexes) {
      const known = shortest[index];
      if (!known || compareShorter(course, known) < 0) shortest[index] = course;
    }
    const option = { course, cost: course.estimatedHours, gapIndexes: gapIndexes.sort((a, b) => a - b), rank: 0 };
    const signature = `${course.kind}|${option.gapIndexes.join(',')}`;
    const kept = bestBySignature.get(signature);
    if (!kept || compareTieBreak(option, kept) < 0) bestBySignature.set(signature, option);
  }

  const options = [...bestBySignature.values()].sort(compareTieBreak);
  options.forEach((option, rank) => (option.rank = rank));
  return {
    internal: options.filter((option) => option.course.kind === 'internal'),
    external: options.filter((option) => option.course.kind === 'external'),
    shortest,
  };
}

/** Internal first, then fewer hours, then id: the order that settles every tie. */
function compareTieBreak(a: CoverOption, b: CoverOption): number {
  const kind = Number(a.course.kind !== 'internal') - Number(b.course.kind !== 'internal');
  if (kind !== 0) return kind;
  if (a.cost !== b.cost) return a.cost - b.cost;
  return a.course.id < b.course.id ? -1 : a.course.id > b.course.id ? 1 : 0;
}

function gapsClosedBy(options: CoverOption[]): Set<number> {
  const closed = new Set<number>();
  for (const option of options) for (const index of option.gapIndexes) closed.add(index);
  return closed;
}

/** The options to take so every gap some option closes is closed, for (near) least total cost. */
function solveWeightedSetCover(options: CoverOption[], budget: { stepsLeft: number }): CoverOption[] {
  const chosen: CoverOption[] = [];
  for (const part of independentParts(withoutDominated(options))) {
    const solver = new PartSolver(part);
    solver.coverGreedily();
    solver.removeRedundant();
    solver.improveLocally();
    solver.searchExactly(budget);
    chosen.push(...solver.chosenOptions());
  }
  // A gap must never vanish from the plan: neither closed nor reported uncovered.
  const closed = gapsClosedBy(chosen);
  const missed = [...gapsClosedBy(options)].filter((index) => !closed.has(index));
  if (missed.length > 0) throw new Error(`the course choice left gaps ${missed.join(', ')} open although courses close them`);
  return chosen.sort((a, b) => a.rank - b.rank);
}

/**
 * Drops options no optimal plan needs: of those closing the same gaps only the cheapest stays, and
 * an option closing a strict subset of another's gaps for no fewer hours goes.
 */
function withoutDominated(options: CoverOption[]): CoverOption[] {
  // Options arrive in tie-break order, so the first of each set of gaps is the one to keep.
  const bySignature = new Map<string, CoverOption>();
  for (const option of options) {
    const signature = option.gapIndexes.join(',');
    if (!bySignature.has(signature)) bySignature.set(signature, option);
  }
  const distinct = [...bySignature.values()];

  const optionsByGap = new Map<number, CoverOption[]>();
  for (const option of distinct) {
    for (const index of option.gapIndexes) {
      const list = optionsByGap.get(index);
      if (list) list.push(option);
      else optionsByGap.set(index, [option]);
    }
  }
  return distinct.filter(
    (option) =>
      !optionsByGap
        .get(option.gapIndexes[0])!
        .some(
          (other) =>
            other !== option &&
            other.gapIndexes.length > option.gapIndexes.length &&
            other.cost <= option.cost &&
            isSortedSubset(option.gapIndexes, other.gapIndexes),
        ),
  );
}

function isSortedSubset(small: number[], large: number[]): boolean {
  let at = 0;
  for (const value of small) {
    while (at < large.length && large[at] < value) at += 1;
    if (at === large.length || large[at] !== value) return false;
    at += 1;
  }
  return true;
}

/** Groups options that share gaps, transitively: each group can be solved on its own. */
function independentParts(options: CoverOption[]): CoverOption[][] {
  const parent = new Map<number, number>();
  const root = (index: number): number => {
    let at = index;
    while (parent.get(at) !== at) at = parent.get(at)!;
    parent.set(index, at);
    return at;
  };
  for (const option of options) {
    for (const index of option.gapIndexes) if (!parent.has(index)) parent.set(index, index);
    const first = root(option.gapIndexes[0]);
    for (const index of option.gapIndexes.slice(1)) {
      const other = root(index);
      if (other !== first) parent.set(other, first);
    }
  }
  const parts = new Map<number, CoverOption[]>();
  for (const option of options) {
    const key = root(option.gapIndexes[0]);
    const part = parts.get(key);
    if (part) part.push(option);
    else parts.set(key, [option]);
  }
  return [...parts.values()];
}

/**
 * Set cover on one independent part, with its gaps renumbered 0..n-1. Options stay in tie-break
 * order, so scanning them in order and keeping only strict improvements settles ties.
 */
class PartSolver {
  private readonly elementsOf: number[][];
  private readonly costs: number[];
  /** For each gap, the options closing it, cheapest first. */
  private readonly optionsClosing: number[][];
  private readonly elementCount: number;
  private chosen: Uint8Array;
  private readonly coverCount: Int32Array;

  constructor(private readonly options: CoverOption[]) {
    const localIndex = new Map<number, number>();
    this.elementsOf = options.map((option) =>
      option.gapIndexes.map((gapIndex) => {
        let local = localIndex.get(gapIndex);
        if (local === undefined) {
          local = localIndex.size;
          localIndex.set(gapIndex, local);
        }
        return local;
      }),
    );
    this.costs = options.map((option) => option.cost);
    this.elementCount = localIndex.size;
    this.optionsClosing = Array.from({ length: this.elementCount }, () => [] as number[]);
    this.elementsOf.forEach((elements, option) => elements.forEach((element) => this.optionsClosing[element].push(option)));
    for (const list of this.optionsClosing) list.sort((a, b) => this.costs[a] - this.costs[b] || a - b);
    this.chosen = new Uint8Array(options.length);
    this.coverCount = new Int32Array(this.elementCount);
  }

  chosenOptions(): CoverOption[] {
    return this.options.filter((_, option) => this.chosen[option] === 1);
  }

  /** Least hours per newly closed gap, until every gap is closed; `excluded` options are never taken. Returns those taken. */
  coverGreedily(consider: Iterable<number> = this.options.keys(), excluded: number[] = []): number[] {
    // In index order, so that of equally good options the first in tie-break order wins.
    const pool = [...consider].filter((option) => !excluded.includes(option)).sort((a, b) => a - b);
    const taken: number[] = [];
    for (;;) {
      let best = -1;
      let bestCost = 0;
      let bestNew = 0;
      for (const option of pool) {
        if (this.chosen[option] === 1) continue;
        let fresh = 0;
        for (const element of this.elementsOf[option]) if (this.coverCount[element] === 0) fresh += 1;
        if (fresh === 0) continue;
        // cost / fresh < bestCost / bestNew, without division.
        if (best === -1 || this.costs[option] * bestNew < bestCost * fresh) {
          best = option;
          bestCost = this.costs[option];
          bestNew = fresh;
        }
      }
      if (best === -1) return taken;
      this.take(best);
      taken.push(best);
    }
  }

  /**
   * Drops chosen options whose gaps others already close, costliest first, looking only at `among`
   * (by default all); returns those dropped.
   */
  removeRedundant(keep = -1, among: number[] = this.chosenIndexes()): number[] {
    const chosen = among
      .filter((option) => option !== keep && this.chosen[option] === 1)
      .sort((a, b) => this.costs[b] - this.costs[a] || b - a);
    const dropped: number[] = [];
    for (const option of chosen) {
      if (this.elementsOf[option].every((element) => this.coverCount[element] >= 2)) {
        this.drop(option);
        dropped.push(option);
      }
    }
    return dropped;
  }

  /**
   * Three moves until none helps: take an unchosen option and drop what it makes redundant (one
   * replaces one or more), drop one chosen option and repair greedily without it (others replace
   * one), and the same for two chosen options near each other (others replace two). Each accepted
   * move saves hours, so this ends.
   */
  improveLocally(): void {
    for (let improved = true; improved; ) {
      improved = false;
      for (let option = 0; option < this.options.length; option += 1) {
        if (this.chosen[option] === 1 || this.mostSavedByTaking(option) <= this.costs[option] + HOURS_EPSILON) continue;
        this.take(option);
        const dropped = this.removeRedundant(option, this.chosenTouching([option]));
        if (this.hoursOf(dropped) > this.costs[option] + HOURS_EPSILON) {
          improved = true;
        } else {
          dropped.forEach((other) => this.take(other));
          this.drop(option);
        }
      }
      for (const option of this.chosenIndexes()) {
        if (this.chosen[option] === 1 && this.dropAndRepair([option])) improved = true;
      }
      for (const option of this.chosenIndexes()) {
        for (const neighbour of this.chosenNeighbours(option)) {
          if (this.chosen[option] === 1 && this.chosen[neighbour] === 1 && this.dropAndRepair([option, neighbour])) improved = true;
        }
      }
    }
  }

  /** Drops `options`, closes what they alone closed greedily with others, keeps it if it saves hours. */
  private dropAndRepair(options: number[]): boolean {
    options.forEach((option) => this.drop(option));
    const reopened = options.flatMap((option) => this.elementsOf[option]).filter((element) => this.coverCount[element] === 0);
    const taken = this.coverGreedily(new Set(reopened.flatMap((element) => this.optionsClosing[element])), options);
    // Only options sharing a gap with those just taken can have become redundant.
    const removed = this.removeRedundant(-1, this.chosenTouching(taken));
    const saved = this.hoursOf(options) + this.hoursOf(removed) - this.hoursOf(taken);
    if (reopened.every((element) => this.coverCount[element] > 0) && saved > HOURS_EPSILON) return true;
    removed.forEach((option) => this.take(option));
    taken.forEach((option) => this.drop(option));
    options.forEach((option) => this.take(option));
    return false;
  }

  /** The chosen options closing a gap that one of `options` closes (those included, if chosen). */
  private chosenTouching(options: number[]): number[] {
    const touching = new Set<number>();
    for (const option of options) {
      for (const element of this.elementsOf[option]) {
        for (const other of this.optionsClosing[element]) if (this.chosen[other] === 1) touching.add(other);
      }
    }
    return [...touching];
  }

  /**
   * Chosen options after `option` that some option links to it (closes a gap of each): only such a
   * pair can be replaced by something one option alone could not.
   */
  private chosenNeighbours(option: number): number[] {
    const near = new Uint8Array(this.elementCount);
    for (const element of this.elementsOf[option]) {
      for (const linking of this.optionsClosing[element]) for (const other of this.elementsOf[linking]) near[other] = 1;
    }
    const neighbours = new Set<number>();
    near.forEach((isNear, element) => {
      if (isNear === 0) return;
      for (const other of this.optionsClosing[element]) if (other > option && this.chosen[other] === 1) neighbours.add(other);
    });
    return [...neighbours].sort((a, b) => a - b);
  }

  /**
   * At most the hours taking `option` lets go: a chosen option becomes redundant only if `option`
   * closes every gap it alone closes. Checking this first spares trying the many options that help nothing.
   */
  private mostSavedByTaking(option: number): number {
    const elements = this.elementsOf[option];
    const owners: number[] = [];
    for (const element of elements) {
      if (this.coverCount[element] !== 1) continue;
      const owner = this.optionsClosing[element].find((other) => this.chosen[other] === 1)!;
      if (!owners.includes(owner)) owners.push(owner);
    }
    let most = 0;
    for (const owner of owners) {
      if (this.elementsOf[owner].every((element) => this.coverCount[element] >= 2 || elements.includes(element))) most += this.costs[owner];
    }
    return most;
  }

  /**
   * Branch and bound from the current answer: branch on the open gap with fewest options left, one
   * branch per option closing it (an option tried in one branch is barred from the later ones, so no
   * plan is visited twice); bound by `lowerBound`. Stops when the budget is spent, keeping the best
   * plan found.
   */
  searchExactly(budget: { stepsLeft: number }): void {
    if (budget.stepsLeft <= 0 || this.elementCount <= 1) return;
    let bestCost = this.hoursOf(this.chosenIndexes());
    let bestChosen = this.chosen.slice();
    const barred = new Int32Array(this.options.length);
    const price = new Float64Array(this.elementCount);
    const slack = new Float64Array(this.options.length);
    const optionsLeft = new Int32Array(this.elementCount);
    this.chosen.fill(0);
    this.coverCount.fill(0);
    let cost = 0;

    const visit = (): void => {
      if (budget.stepsLeft <= 0) return;
      budget.stepsLeft -= this.options.length;
      price.fill(Infinity);
      optionsLeft.fill(0);
      let open = 0;
      for (let element = 0; element < this.elementCount; element += 1) if (this.coverCount[element] === 0) open += 1;
      if (open === 0) {
        if (cost < bestCost - HOURS_EPSILON) {
          bestCost = cost;
          bestChosen = this.chosen.slice();
        }
        return;
      }
      for (let option = 0; option < this.options.length; option += 1) {
        if (this.chosen[option] === 1 || barred[option] > 0) continue;
        let fresh = 0;
        for (const element of this.elementsOf[option]) if (this.coverCount[element] === 0) fresh += 1;
        if (fresh === 0) continue;
        const share = this.costs[option] / fresh;
        for (const element of this.elementsOf[option]) {
          if (this.coverCount[element] !== 0) continue;
          optionsLeft[element] += 1;
          if (share < price[element]) price[element] = share;
        }
      }
      let branchOn = -1;
      for (let element = 0; element < this.elementCount; element += 1) {
        if (this.coverCount[element] !== 0) continue;
        if (optionsLeft[element] === 0) return; // no option left can close it
        if (branchOn === -1 || optionsLeft[element] < optionsLeft[branchOn]) branchOn = element;
      }
      if (cost + this.lowerBound(price, slack, barred) >= bestCost - HOURS_EPSILON) return;

      const tried: number[] = [];
      for (const option of this.optionsClosing[branchOn]) {
        if (this.chosen[option] === 1 || barred[option] > 0) continue;
        this.take(option);
        cost += this.costs[option];
        visit();
        cost -= this.costs[option];
        this.drop(option);
        barred[option] += 1;
        tried.push(option);
      }
      for (const option of tried) barred[option] -= 1;
    };
    visit();

    this.chosen = bestChosen;
    this.coverCount.fill(0);
    this.chosenIndexes().forEach((option) => this.elementsOf[option].forEach((element) => (this.coverCount[element] += 1)));
  }

  /**
   * A lower bound on the hours still needed: prices for the open gaps such that no option left costs
   * less than the prices of the open gaps it closes (a feasible solution of the dual of the covering
   * LP), whose sum no cover can undercut. Starts from each gap's cheapest share of an option, then
   * raises each price by the least slack of the options closing it.
   */
  private lowerBound(price: Float64Array, slack: Float64Array, barred: Int32Array): number {
    for (let option = 0; option < this.options.length; option += 1) {
      if (this.chosen[option] === 1 || barred[option] > 0) continue;
      let priced = 0;
      for (const element of this.elementsOf[option]) if (this.coverCount[element] === 0) priced += price[element];
      slack[option] = this.costs[option] - priced;
    }
    let bound = 0;
    for (let element = 0; element < this.elementCount; element += 1) {
      if (this.coverCount[element] !== 0) continue;
      let raise = Infinity;
      for (const option of this.optionsClosing[element]) {
        if (barred[option] === 0 && this.chosen[option] === 0 && slack[option] < raise) raise = slack[option];
      }
      raise = Math.max(0, raise);
      for (const option of this.optionsClosing[element]) {
        if (barred[option] === 0 && this.chosen[option] === 0) slack[option] -= raise;
      }
      bound += price[element] + raise;
    }
    return bound;
  }

  private take(option: number): void {
    this.chosen[option] = 1;
    for (const element of this.elementsOf[option]) this.coverCount[element] += 1;
  }

  private drop(option: number): void {
    this.chosen[option] = 0;
    for (const element of this.elementsOf[option]) this.coverCount[element] -= 1;
  }

  private chosenIndexes(): number[] {
    const indexes: number[] = [];
    this.chosen.forEach((isChosen, option) => isChosen === 1 && indexes.push(option));
    return indexes;
  }

  private hoursOf(options: number[]): number {
    return options.reduce((sum, option) => sum + this.costs[option], 0);
  }
}
