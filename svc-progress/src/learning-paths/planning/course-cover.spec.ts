import type { PathCandidateCourse, SkillGap } from '@masar/contracts';
import { chooseCourses, courseCoversGap, gapsCoveredBy, gapsWithinCatalogReach, type CourseChoice } from './course-cover';
import { solveCoverExactly } from './exact-cover';
import { buildCourse, buildGap, hoursOf, randomSmallInstance, seededRandom } from './planning.factory';

const HEURISTIC_ONLY = { exactSearchStepLimit: 0 };
const niceToHave = (skill: string) => buildGap(skill, { importance: 'nice-to-have', targetLevel: 'basic', priority: 'low' });
const titlesOf = (choice: CourseChoice) => choice.chosen.map(({ course }) => course.title).sort();

describe('courseCoversGap', () => {
  it('needs the skill, in any case, and a course level reaching the target', () => {
    const gap = buildGap('Python');
    expect(courseCoversGap(buildCourse({ skills: ['  PYTHON'], level: 'intermediate' }), gap)).toBe(true);
    expect(courseCoversGap(buildCourse({ skills: ['Python'], level: 'advanced' }), gap)).toBe(true);
    expect(courseCoversGap(buildCourse({ skills: ['Python'], level: 'beginner' }), gap)).toBe(false);
    expect(courseCoversGap(buildCourse({ skills: ['Python'], level: null }), gap)).toBe(false);
    expect(courseCoversGap(buildCourse({ skills: ['Python'], level: null }), niceToHave('Python'))).toBe(true);
    expect(courseCoversGap(buildCourse({ skills: ['Pythonic code'], level: 'advanced' }), gap)).toBe(false);
  });
});

describe('gapsCoveredBy', () => {
  it('lists the gaps a course closes, in the order given', () => {
    const gaps = [buildGap('SQL'), niceToHave('Excel'), buildGap('Python')];
    expect(gapsCoveredBy(buildCourse({ skills: ['python', 'excel', 'Go'], level: 'beginner' }), gaps)).toEqual([gaps[1]]);
    expect(gapsCoveredBy(buildCourse({ skills: ['python', 'excel', 'sql'], level: 'advanced' }), gaps)).toEqual(gaps);
  });
});

describe('gapsWithinCatalogReach', () => {
  it('lowers a target no course reaches to the most a course teaching the skill gives, and leaves the rest', () => {
    const strongPython = buildGap('Python', { targetLevel: 'strong' });
    const expertSql = buildGap('SQL', { targetLevel: 'expert', currentLevel: 'basic' });
    const workingExcel = buildGap('Excel', { targetLevel: 'working' });
    const strongGo = buildGap('Go', { targetLevel: 'strong', currentLevel: 'working' });
    const candidates = [
      buildCourse({ skills: ['python'], level: 'beginner' }),
      buildCourse({ skills: ['Python', 'SQL'], level: 'intermediate' }),
      buildCourse({ skills: ['excel'], level: 'advanced' }),
      buildCourse({ skills: ['Go'], level: 'intermediate' }),
    ];
    expect(gapsWithinCatalogReach([strongPython, expertSql, workingExcel, strongGo, buildGap('Rust')], candidates)).toEqual([
      { ...strongPython, targetLevel: 'working' },
      { ...expertSql, targetLevel: 'working' },
      // Reached by the advanced course: unchanged.
      workingExcel,
      // The learner already has what the Go course gives: no course helps, so the gap stays without one.
      strongGo,
      buildGap('Rust'),
    ]);
  });

  it('lets the course that takes the learner furthest be chosen for a target beyond the catalog', () => {
    const strongPython = buildGap('Python', { targetLevel: 'strong' });
    const intermediate = buildCourse({ skills: ['Python'], level: 'intermediate', estimatedHours: 20 });
    const beginner = buildCourse({ skills: ['Python'], level: 'beginner', estimatedHours: 5 });
    expect(chooseCourses([strongPython], [beginner, intermediate]).uncovered).toEqual(['Python']);
    expect(chooseCourses(gapsWithinCatalogReach([strongPython], [beginner, intermediate]), [beginner, intermediate]).chosen).toEqual([
      { course: intermediate, covers: ['Python'] },
    ]);
  });
});

describe('chooseCourses', () => {
  it('takes the internal course even when an external one is cheaper', () => {
    const internal = buildCourse({ title: 'Internal SQL', skills: ['SQL'], estimatedHours: 40 });
    const external = buildCourse({ title: 'External SQL', skills: ['SQL'], kind: 'external', estimatedHours: 5 });
    const choice = chooseCourses([buildGap('SQL')], [external, internal]);
    expect(choice).toMatchObject({ chosen: [{ course: internal, covers: ['SQL'] }], uncovered: [] });
    // …while the shorter way to close SQL, should the year be too short, is the external course.
    expect(choice.shortestByGap.get('sql')?.kind).toBe('external');
  });

  it('uses external courses only for the gaps no internal course closes, and credits them only with those', () => {
    const internal = buildCourse({ title: 'Internal SQL', skills: ['SQL'], estimatedHours: 20 });
    const bothExternal = buildCourse({ title: 'SQL and Spark', skills: ['SQL', 'Spark'], kind: 'external', estimatedHours: 5 });
    const sparkExternal = buildCourse({ title: 'Spark', skills: ['Spark'], kind: 'external', estimatedHours: 8 });
    const choice = chooseCourses([buildGap('SQL'), buildGap('Spark')], [sparkExternal, bothExternal, internal]);
    expect(choice.chosen).toEqual([
      { course: internal, covers: ['SQL'] },
      { course: bothExternal, covers: ['Spark'] },
    ]);
  });

  it('does not let a beginner course (or one of no level) close a required gap, and lists what nothing closes', () => {
    const beginner = buildCourse({ title: 'Intro to Go', skills: ['Go'], level: 'beginner', estimatedHours: 2 });
    const unlevelled = buildCourse({ title: 'Go notes', skills: ['Go', 'Rust'], level: null, estimatedHours: 1 });
    const intermediate = buildCourse({ title: 'Go in practice', skills: ['Go'], level: 'intermediate', estimatedHours: 12 });
    const gaps = [buildGap('Kafka'), buildGap('Go'), buildGap('Rust'), niceToHave('Terraform')];

    const choice = chooseCourses(gaps, [beginner, unlevelled, intermediate]);

    expect(choice.chosen).toEqual([{ course: intermediate, covers: ['Go'] }]);
    expect(choice.uncovered).toEqual(['Kafka', 'Rust', 'Terraform']);
  });

  it('lets a beginner course close a nice-to-have gap', () => {
    const beginner = buildCourse({ skills: ['docker'], level: 'beginner', estimatedHours: 3 });
    const advanced = buildCourse({ skills: ['Docker'], level: 'advanced', estimatedHours: 30 });
    expect(chooseCourses([niceToHave('Docker')], [advanced, beginner]).chosen).toEqual([{ course: beginner, covers: ['Docker'] }]);
  });

  it('returns nothing to take for no gaps, and every gap uncovered for no candidates', () => {
    expect(chooseCourses([], [buildCourse({ skills: ['SQL'] })])).toEqual({ chosen: [], uncovered: [], shortestByGap: new Map() });
    expect(chooseCourses([buildGap('SQL')], [])).toEqual({ chosen: [], uncovered: ['SQL'], shortestByGap: new Map() });
  });

  describe('on instances where greedy alone is not optimal', () => {
    // Greedy takes the single-skill courses one by one (3, 4, 6, 12 hours: 25) because each is a
    // little cheaper per skill than the 13.2-hour bundle at that moment; the bundle alone is optimal.
    const bundleTrap = (): { gaps: SkillGap[]; candidates: PathCandidateCourse[] } => ({
      gaps: ['A', 'B', 'C', 'D'].map((skill) => buildGap(skill)),
      candidates: [
        buildCourse({ title: 'Only A', skills: ['A'], estimatedHours: 12 }),
        buildCourse({ title: 'Only B', skills: ['B'], estimatedHours: 6 }),
        buildCourse({ title: 'Only C', skills: ['C'], estimatedHours: 4 }),
        buildCourse({ title: 'Only D', skills: ['D'], estimatedHours: 3 }),
        buildCourse({ title: 'A to D', skills: ['A', 'B', 'C', 'D'], estimatedHours: 13.2 }),
      ],
    });
    // Greedy starts with the cheapest per skill (B+C at 0.6 h each), which no optimal plan uses, then
    // needs A and D separately (4.2 h); removing redundant courses cannot help, A+B and C+D (4 h) can.
    const bridgeTrap = (): { gaps: SkillGap[]; candidates: PathCandidateCourse[] } => ({
      gaps: ['A', 'B', 'C', 'D'].map((skill) => buildGap(skill)),
      candidates: [
        buildCourse({ title: 'A and B', skills: ['A', 'B'], estimatedHours: 2 }),
        buildCourse({ title: 'C and D', skills: ['C', 'D'], estimatedHours: 2 }),
        buildCourse({ title: 'B and C', skills: ['B', 'C'], estimatedHours: 1.2 }),
        buildCourse({ title: 'Only A', skills: ['A'], estimatedHours: 1.5 }),
        buildCourse({ title: 'Only D', skills: ['D'], estimatedHours: 1.5 }),
      ],
    });

    it.each([
      ['a bundle cheaper than the singles greedy picks', bundleTrap, ['A to D'], 13.2],
      ['a cheap bridge course greedy picks first', bridgeTrap, ['A and B', 'C and D'], 4],
    ])('finds the optimum on %s, with and without the exact search', (_, instance, titles, hours) => {
      const { gaps, candidates } = instance();
      expect(hoursOf(solveCoverExactly(gaps, candidates).chosen)).toBeCloseTo(hours, 9);
      for (const options of [{}, HEURISTIC_ONLY]) {
        const choice = chooseCourses(gaps, candidates, options);
        expect(titlesOf(choice)).toEqual(titles);
        expect(hoursOf(choice.chosen)).toBeCloseTo(hours, 9);
      }
    });
  });

  describe('against the exact optimum on 300 seeded random small instances', () => {
    const instances = Array.from({ length: 300 }, (_, seed) => randomSmallInstance(seededRandom(1000 + seed)));
    const exact = instances.map(({ gaps, candidates }) => solveCoverExactly(gaps, candidates));

    it('is optimal with the exact search, leaving the same gaps uncovered', () => {
      instances.forEach(({ gaps, candidates }, index) => {
        const choice = chooseCourses(gaps, candidates);
        expect(choice.uncovered).toEqual(exact[index].uncovered);
        expect(hoursOf(choice.chosen)).toBeCloseTo(hoursOf(exact[index].chosen), 9);
      });
    });

    it('is never worse than 1.2 times the optimum, and 1.05 times on average, by heuristics alone', () => {
      const ratios: number[] = [];
      instances.forEach(({ gaps, candidates }, index) => {
        const choice = chooseCourses(gaps, candidates, HEURISTIC_ONLY);
        expect(choice.uncovered).toEqual(exact[index].uncovered);
        const optimum = hoursOf(exact[index].chosen);
        if (optimum > 0) ratios.push(hoursOf(choice.chosen) / optimum);
      });
      expect(ratios.length).toBeGreaterThan(250);
      expect(Math.max(...ratios)).toBeLessThanOrEqual(1.2);
      expect(ratios.reduce((sum, ratio) => sum + ratio, 0) / ratios.length).toBeLessThanOrEqual(1.05);
    });
  });

  it('is optimal with the exact search on 100 dense instances, where many covers cost nearly the same', () => {
    let heuristicsMissed = 0;
    for (let seed = 0; seed < 100; seed += 1) {
      const { gaps, candidates } = randomSmallInstance(seededRandom(5000 + seed), { dense: true });
      const optimum = hoursOf(solveCoverExactly(gaps, candidates).chosen);
      expect(hoursOf(chooseCourses(gaps, candidates).chosen)).toBeCloseTo(optimum, 9);
      if (hoursOf(chooseCourses(gaps, candidates, HEURISTIC_ONLY).chosen) > optimum + 1e-9) heuristicsMissed += 1;
    }
    // These are hard for the heuristics alone, so the instances do test the exact search.
    expect(heuristicsMissed).toBeGreaterThan(10);
  });

  it('gives the same choice for the same input, in any order of candidates and with duplicates', () => {
    const random = seededRandom(7);
    const { gaps, candidates } = randomSmallInstance(random, { maxGaps: 15, maxCandidates: 30 });
    const shuffled = [...candidates, ...candidates.slice(0, 5)]
      .map((course) => ({ course, order: random() }))
      .sort((a, b) => a.order - b.order)
      .map(({ course }) => course);
    const first = chooseCourses(gaps, candidates);
    expect(chooseCourses(gaps, candidates)).toEqual(first);
    expect(chooseCourses(gaps, shuffled)).toEqual(first);
  });

  it('on a catalog of 10,000 courses closes every gap it can, with no course to spare', () => {
    const random = seededRandom(99);
    const skills = Array.from({ length: 600 }, (_, index) => `Skill ${index}`);
    // Squaring skews the draw towards the first skills, as a catalog has many courses on popular ones.
    const popularSkill = () => skills[Math.floor(random() ** 2 * skills.length)];
    const candidates = Array.from({ length: 10_000 }, () =>
      buildCourse({
        skills: Array.from({ length: 1 + Math.floor(random() * 6) }, popularSkill),
        kind: random() < 0.25 ? 'external' : 'internal',
        level: (['beginner', 'intermediate', 'advanced', null] as const)[Math.floor(random() * 4)],
        estimatedHours: 2 + Math.floor(random() * 59),
      }),
    );
    const gaps = Array.from({ length: 50 }, (_, index) =>
      index % 3 === 0 ? niceToHave(skills[index * 12]) : buildGap(skills[index * 12]),
    );
    gaps.push(buildGap('Skill nobody teaches'));

    const { chosen, uncovered } = chooseCourses(gaps, candidates);

    const closed = new Set(chosen.flatMap(({ covers }) => covers));
    for (const gap of gaps) {
      const closable = candidates.some((course) => courseCoversGap(course, gap));
      expect(closed.has(gap.skill) || uncovered.includes(gap.skill)).toBe(true);
      expect(uncovered.includes(gap.skill)).toBe(!closable);
    }
    expect(uncovered).toContain('Skill nobody teaches');
    for (const { course, covers } of chosen) {
      const othersClose = (skill: string) => chosen.some((other) => other.course !== course && other.covers.includes(skill));
      expect(covers.every(othersClose)).toBe(false);
      if (course.kind === 'external') {
        for (const skill of covers) {
          const gap = gaps.find((candidateGap) => candidateGap.skill === skill)!;
          expect(candidates.some((other) => other.kind === 'internal' && courseCoversGap(other, gap))).toBe(false);
        }
      }
    }
  });
});
