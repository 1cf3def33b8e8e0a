#!/usr/bin/env node
// npm run bench:paths
// The learning-path planner (the BUILT svc-progress/dist/learning-paths/planning), in process:
//  - speed: planLearningPath (course choice + schedule) over a seeded catalog of 10,000 candidate
//    courses (600 skills, 1-6 per course, popular skills taught by many courses, a quarter external,
//    some of no level) for 50-gap learners, each run a different gap set; p50 and p95 after a warm-up.
//    Every run gets all 10,000 courses, more than svc-courses would send for 50 skills; fetching them
//    from Postgres is measured separately.
//  - quality: chooseCourses against the exact optimum (solveCoverExactly) on seeded small instances
//    (at most 30 courses and 15 gaps); mean and worst ratio of total hours. Also shown, without a
//    target: the same with the planner's exact search turned off (its heuristics alone), and both on
//    dense instances (every course teaching 2-8 of 15 gaps at about the same hours per skill), which
//    are hard for heuristics.
//  - fitting 12 months: the 15 predefined roles (skills by svc-ai's built offline extractor from each
//    English posting) and 200 generated postings (10-30 skills drawn from the seed catalog's, a fifth
//    taught by no course) planned against the seed catalog at the default 3 h a week: the share whose
//    every course fits 12 months, the share that fits with the proposed weekly hours (at most 6), and
//    the rest (a next-year list); and how many required and nice-to-have gaps close this year or wait,
//    also with every skill of the generated postings asked at working and the learner at basic in half.
//    The 10,000-course p95 above includes the fitting step.
// Prints one table and exits 1 if a target is missed. Build first: npx nx run svc-progress:build
// Knobs: BENCH_PATHS_RUNS (300), BENCH_PATHS_WARMUP (30), BENCH_PATHS_INSTANCES (200), BENCH_PATHS_SEED (2024).
'use strict';
const { existsSync } = require('node:fs');
const path = require('node:path');
const { availableParallelism, loadavg } = require('node:os');
const { percentile } = require('./upload-path');

const ROOT = path.resolve(__dirname, '../..');
const PLANNING_DIST = path.join(ROOT, 'svc-progress/dist/learning-paths/planning');
const RUNS = Number(process.env.BENCH_PATHS_RUNS ?? 300);
const WARMUP = Number(process.env.BENCH_PATHS_WARMUP ?? 30);
const INSTANCES = Number(process.env.BENCH_PATHS_INSTANCES ?? 200);
const SEED = Number(process.env.BENCH_PATHS_SEED ?? 2024);

const CATALOG_COURSES = 10_000;
const GAPS_PER_LEARNER = 50;
/** Skills in the vocabulary that no course teaches, so some gaps stay uncovered. */
const UNTAUGHT_SKILLS = 20;
const SMALL_MAX_COURSES = 30;
const SMALL_MAX_GAPS = 15;
const TARGETS = { p95Ms: 100, meanRatio: 1.05, worstRatio: 1.2 };
const SEED_CATALOG_DIR = path.join(ROOT, 'svc-courses/src/catalog/seed-data');
const ROLES_DIR = path.join(ROOT, 'svc-jobs/src/predefined-roles/data');
const GENERATED_POSTINGS = 200;
const DEFAULT_WEEKLY_HOURS = 3;

function loadPlanner() {
  const entry = path.join(PLANNING_DIST, 'plan-learning-path.js');
  if (!existsSync(entry)) {
    console.error(`bench:paths needs the built svc-progress (${entry} is missing): run npx nx run svc-progress:build`);
    process.exit(1);
  }
  return {
    ...require(entry),
    ...require(path.join(PLANNING_DIST, 'course-cover.js')),
    ...require(path.join(PLANNING_DIST, 'exact-cover.js')),
    ...require(path.join(PLANNING_DIST, 'skill-gaps.js')),
  };
}

/** Seeded pseudo-random numbers (mulberry32), so every run plans the same catalog and learners. */
function randomSource(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = randomSource(SEED);
const between = (low, high) => low + Math.floor(random() * (high - low + 1));
const pick = (items) => items[Math.floor(random() * items.length)];
/** Picks by weight: `weights` are cumulative, so a binary search finds the item. */
function pickWeighted(items, cumulativeWeights) {
  const target = random() * cumulativeWeights[cumulativeWeights.length - 1];
  let low = 0;
  let high = cumulativeWeights.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (cumulativeWeights[middle] < target) low = middle + 1;
    else high = middle;
  }
  return items[low];
}

function shuffled(items) {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other], copy[index]];
  }
  return copy;
}

const courseId = (number) => `00000000-0000-4000-8000-${number.toString(16).padStart(12, '0')}`;

/** 600 skill names, e.g. "Applied Statistics" or "Cloud Security". */
function skillVocabulary() {
  const qualifiers = ['Applied', 'Cloud', 'Data', 'Advanced', 'Secure', 'Agile', 'Digital', 'Financial', 'Clinical', 'Enterprise',
    'Mobile', 'Embedded', 'Network', 'Product', 'Quality', 'Risk', 'Supply Chain', 'Web', 'Machine', 'Customer',
    'Regulatory', 'Visual', 'Industrial', 'Marketing', 'Project', 'Energy', 'Legal', 'People', 'Operations', 'Research'];
  const subjects = ['Statistics', 'Security', 'Engineering', 'Analytics', 'Design', 'Management', 'Testing', 'Architecture',
    'Modelling', 'Reporting', 'Automation', 'Compliance', 'Planning', 'Communication', 'Programming', 'Governance',
    'Optimisation', 'Forecasting', 'Auditing', 'Leadership'];
  return qualifiers.flatMap((qualifier) => subjects.map((subject) => `${qualifier} ${subject}`));
}

/**
 * The catalog: popular skills (Zipf weights) are taught by many courses, the long tail by few, and the
 * last UNTAUGHT_SKILLS by none. Names are sometimes spelled in another case or with spaces, as a
 * catalog typed by hand would be.
 */
function generateCatalog(skills) {
  const taught = skills.slice(0, skills.length - UNTAUGHT_SKILLS);
  const order = shuffled(taught);
  let total = 0;
  const cumulative = order.map((_, rank) => (total += 1 / (rank + 1)));
  const levels = ['beginner', 'beginner', 'intermediate', 'intermediate', 'intermediate', 'advanced', 'advanced', null];
  const spell = (skill) => {
    const roll = random();
    if (roll < 0.1) return skill.toLowerCase();
    if (roll < 0.15) return ` ${skill.toUpperCase()} `;
    return skill;
  };

  const courses = [];
  for (let number = 1; number <= CATALOG_COURSES; number += 1) {
    const taughtSkills = new Set();
    const skillCount = between(1, 6);
    while (taughtSkills.size < skillCount) taughtSkills.add(pickWeighted(order, cumulative));
    const [mainSkill] = taughtSkills;
    const level = pick(levels);
    const previous = courses.length > 0 && random() < 0.2 ? pick(courses) : undefined;
    courses.push({
      id: courseId(number),
      title: `${mainSkill} ${level ?? 'essentials'} ${number}`,
      titleAr: random() < 0.5 ? `دورة ${number}` : null,
      abbreviation: `CRS-${number}`,
      kind: random() < 0.25 ? 'external' : 'internal',
      provider: null,
      url: null,
      level,
      estimatedHours: between(4, 120) / 2,
      skills: [...taughtSkills].map(spell),
      prerequisites: previous ? [`${previous.abbreviation} or equivalent`] : [],
    });
  }
  return courses;
}

/** One learner: 50 confirmed skills of a job, some nice-to-have, held at none or basic today. */
function learnerGaps(planner, skills) {
  const chosen = new Set();
  while (chosen.size < GAPS_PER_LEARNER) chosen.add(pick(skills));
  const confirmedSkills = [];
  const currentLevels = new Map();
  for (const name of chosen) {
    const importance = random() < 0.3 ? 'nice-to-have' : 'required';
    confirmedSkills.push({ name, category: 'technical', confidence: 0.9, importance, evidence: [] });
    if (importance === 'required' && random() < 0.4) currentLevels.set(name, 'basic');
  }
  return planner.analyseSkillGaps(confirmedSkills, currentLevels);
}

function measureSpeed(planner, skills, catalog) {
  const startDate = new Date(Date.UTC(2025, 0, 1));
  const learners = Array.from({ length: WARMUP + RUNS }, () => learnerGaps(planner, skills));
  const latencies = [];
  let uncovered = 0;
  let courses = 0;
  learners.forEach((gaps, run) => {
    const startedAt = performance.now();
    const plan = planner.planLearningPath({ gaps, candidates: catalog, weeklyHours: 3, startDate });
    const ms = performance.now() - startedAt;
    if (gaps.length !== GAPS_PER_LEARNER) throw new Error(`a learner has ${gaps.length} gaps, not ${GAPS_PER_LEARNER}`);
    if (run < WARMUP) return;
    latencies.push(ms);
    uncovered += plan.uncoveredSkills.length;
    courses += plan.courses.length;
  });
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    max: latencies[latencies.length - 1],
    coursesPerPlan: courses / RUNS,
    uncoveredPerPlan: uncovered / RUNS,
  };
}

const requiredGap = (skill) => ({ skill, category: 'technical', importance: 'required', currentLevel: 'none', targetLevel: 'working', priority: 'high' });
const smallCourse = (number, fields) => ({
  id: courseId(number),
  title: `Course ${number}`,
  titleAr: null,
  abbreviation: `C-${number}`,
  kind: 'internal',
  provider: null,
  url: null,
  prerequisites: [],
  ...fields,
});

/** As the unit tests' small instances: a third of the gaps nice-to-have, a quarter of courses external. */
function smallInstance() {
  const gapCount = between(1, SMALL_MAX_GAPS);
  const skills = Array.from({ length: gapCount + between(0, 4) }, (_, index) => `Skill ${index}`);
  const gaps = skills.slice(0, gapCount).map((skill) =>
    random() < 1 / 3
      ? { skill, category: 'technical', importance: 'nice-to-have', currentLevel: 'none', targetLevel: 'basic', priority: 'low' }
      : requiredGap(skill),
  );
  const levels = ['beginner', 'intermediate', 'intermediate', 'advanced', null];
  const candidates = Array.from({ length: between(1, SMALL_MAX_COURSES) }, (_, index) =>
    smallCourse(index + 1, {
      kind: random() < 0.25 ? 'external' : 'internal',
      level: pick(levels),
      estimatedHours: between(4, 80) / 2,
      skills: [...new Set(Array.from({ length: between(1, 4) }, () => pick(skills)))],
    }),
  );
  return { gaps, candidates };
}

/** The hard kind: all 15 gaps required, 30 advanced courses each teaching 2-8 of them at 4-6 h a skill. */
function denseInstance() {
  const skills = Array.from({ length: SMALL_MAX_GAPS }, (_, index) => `Skill ${index}`);
  const candidates = Array.from({ length: SMALL_MAX_COURSES }, (_, index) => {
    const taught = [...new Set(Array.from({ length: between(2, 8) }, () => pick(skills)))];
    return smallCourse(index + 1, { level: 'advanced', estimatedHours: (taught.length * between(8, 12)) / 2, skills: taught });
  });
  return { gaps: skills.map(requiredGap), candidates };
}

const hoursOf = (choice) => choice.chosen.reduce((sum, { course }) => sum + course.estimatedHours, 0);

/** Ratios of the planner's hours to the optimum; fails loudly if they disagree on what is uncovered. */
function measureQuality(planner, instances, options) {
  const ratios = [];
  instances.forEach(({ gaps, candidates }, index) => {
    const planned = planner.chooseCourses(gaps, candidates, options);
    const exact = planner.solveCoverExactly(gaps, candidates);
    const [plannedUncovered, exactUncovered] = [planned.uncovered, exact.uncovered].map((skills) => JSON.stringify([...skills].sort()));
    if (plannedUncovered !== exactUncovered) {
      throw new Error(`instance ${index}: the planner leaves ${plannedUncovered} uncovered, the exact solver ${exactUncovered}`);
    }
    const [plannedHours, exactHours] = [hoursOf(planned), hoursOf(exact)];
    if (plannedHours === 0 && exactHours === 0) return;
    if (plannedHours < exactHours - 1e-9) throw new Error(`instance ${index}: the planner (${plannedHours} h) beat the "exact" optimum (${exactHours} h)`);
    ratios.push(plannedHours / exactHours);
  });
  return {
    compared: ratios.length,
    mean: ratios.reduce((sum, ratio) => sum + ratio, 0) / ratios.length,
    worst: Math.max(...ratios),
    optimal: ratios.filter((ratio) => ratio <= 1 + 1e-9).length,
  };
}

/** The seed catalog as svc-courses hands it to the planner (courses with their hours). */
function seedCatalog() {
  const { readdirSync, readFileSync } = require('node:fs');
  const courses = [];
  for (const kind of ['internal', 'external']) {
    for (const file of readdirSync(path.join(SEED_CATALOG_DIR, kind)).filter((name) => name.endsWith('.json')).sort()) {
      const json = JSON.parse(readFileSync(path.join(SEED_CATALOG_DIR, kind, file), 'utf8'));
      for (const entry of Array.isArray(json) ? json : [json]) {
        if (!(entry.estimatedHours > 0)) continue;
        courses.push({
          id: courseId(900_000 + courses.length),
          title: entry.title,
          titleAr: entry.titleAr ?? null,
          abbreviation: entry.abbreviation ?? entry.slug,
          kind,
          provider: entry.provider ?? null,
          url: entry.url ?? null,
          level: entry.level ?? null,
          estimatedHours: entry.estimatedHours,
          skills: entry.skills ?? [],
          prerequisites: entry.prerequisites ?? [],
        });
      }
    }
  }
  return courses;
}

/** The 15 predefined roles' confirmed skills, as the offline extractor finds them in each English posting. */
function predefinedRoleSkills() {
  const { readdirSync, readFileSync } = require('node:fs');
  const aiDist = path.join(ROOT, 'svc-ai/dist/skills');
  if (!existsSync(path.join(aiDist, 'extraction/skill-extractor.js'))) {
    console.error('bench:paths needs the built svc-ai for the predefined roles: run npx nx run svc-ai:build');
    process.exit(1);
  }
  const { SkillExtractor } = require(path.join(aiDist, 'extraction/skill-extractor.js'));
  const { loadTaxonomy } = require(path.join(aiDist, 'taxonomy/taxonomy.js'));
  const extractor = SkillExtractor.fromTaxonomy(loadTaxonomy());
  return readdirSync(ROLES_DIR)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((file) => {
      const role = JSON.parse(readFileSync(path.join(ROLES_DIR, file), 'utf8'));
      return { name: role.role, skills: extractor.extract(`${role.en.title}\n${role.en.content}`) };
    });
}

/** Postings made of the catalog's own skills (and some no course teaches), 10-30 each, a third nice-to-have. */
function generatedPostings(catalog) {
  const taught = [...new Set(catalog.flatMap((course) => course.skills))].sort();
  return Array.from({ length: GENERATED_POSTINGS }, (_, number) => {
    const names = new Set();
    const count = between(10, 30);
    while (names.size < count) names.add(random() < 0.2 ? `Untaught Skill ${between(1, 500)}` : pick(taught));
    return {
      name: `posting ${number + 1}`,
      skills: [...names].map((name) => ({ name, category: 'technical', confidence: 0.9, importance: random() < 1 / 3 ? 'nice-to-have' : 'required', evidence: [] })),
    };
  });
}

/**
 * Plans each posting at the default budget and counts how its plan fits 12 months. `holdsSome`: every
 * skill is asked at working level and the learner already holds every other one at basic, so required
 * gaps one level short meet nice-to-have gaps two levels short at the same (medium) priority.
 */
function measureFitting(planner, postings, catalog, { holdsSome = false } = {}) {
  const startDate = new Date(Date.UTC(2026, 10, 26));
  const counts = { fits: 0, proposed: 0, nextYear: 0, empty: 0 };
  // Gaps closed this year and waiting for next year, by importance: required ones should get the year first.
  const closedByImportance = { required: { year: 0, waiting: 0 }, 'nice-to-have': { year: 0, waiting: 0 } };
  const latencies = [];
  for (const posting of postings) {
    const levels = new Map(holdsSome ? posting.skills.filter((_, index) => index % 2 === 0).map((skill) => [skill.name, 'basic']) : []);
    const skills = holdsSome ? posting.skills.map((skill) => ({ ...skill, level: 'working' })) : posting.skills;
    const gaps = planner.analyseSkillGaps(skills, levels);
    const startedAt = performance.now();
    const plan = planner.planLearningPath({ gaps, candidates: catalog, weeklyHours: DEFAULT_WEEKLY_HOURS, startDate });
    latencies.push(performance.now() - startedAt);
    const closedThisYear = new Set(plan.courses.flatMap((course) => course.covers.map(planner.skillKey)));
    const waiting = new Set(plan.nextYear.skills.map(planner.skillKey));
    for (const gap of gaps) {
      const key = planner.skillKey(gap.skill);
      if (closedThisYear.has(key)) closedByImportance[gap.importance].year += 1;
      else if (waiting.has(key)) closedByImportance[gap.importance].waiting += 1;
    }
    if (plan.courses.length === 0 && plan.nextYear.courses.length === 0) counts.empty += 1;
    else if (plan.nextYear.skills.length === 0 && plan.nextYear.courses.length === 0) counts.fits += 1;
    else if (plan.fit.proposedWeeklyHours !== null) counts.proposed += 1;
    else counts.nextYear += 1;
  }
  latencies.sort((a, b) => a - b);
  return { ...counts, closedByImportance, total: postings.length, p95: percentile(latencies, 0.95) };
}

function main() {
  const planner = loadPlanner();
  const skills = skillVocabulary();
  const catalog = generateCatalog(skills);
  const speed = measureSpeed(planner, skills, catalog);
  const instances = Array.from({ length: INSTANCES }, smallInstance);
  const quality = measureQuality(planner, instances, {});
  const heuristicsAlone = measureQuality(planner, instances, { exactSearchStepLimit: 0 });
  const denseInstances = Array.from({ length: INSTANCES }, denseInstance);
  const dense = measureQuality(planner, denseInstances, {});
  const denseHeuristicsAlone = measureQuality(planner, denseInstances, { exactSearchStepLimit: 0 });
  const meanAndWorst = (result) => `${result.mean.toFixed(4)} / ${result.worst.toFixed(4)}`;

  const seed = seedCatalog();
  const roles = measureFitting(planner, predefinedRoleSkills(), seed);
  const generated = generatedPostings(seed);
  const postings = measureFitting(planner, generated, seed);
  const postingsHoldingSome = measureFitting(planner, generated, seed, { holdsSome: true });
  const share = (count, of) => `${((100 * count) / of).toFixed(1)} % (${count} / ${of})`;
  const fittingRows = (label, result) => [
    { measure: `${label}: fit 12 months at ${DEFAULT_WEEKLY_HOURS} h a week`, value: share(result.fits, result.total), target: '', met: '' },
    { measure: `${label}: fit with the proposed hours (<= 6 h)`, value: share(result.proposed, result.total), target: '', met: '' },
    { measure: `${label}: most urgent gaps this year, rest next year`, value: share(result.nextYear, result.total), target: '', met: '' },
    { measure: `${label}: no course closes any gap`, value: share(result.empty, result.total), target: '', met: '' },
    ...['required', 'nice-to-have'].map((importance) => {
      const { year, waiting } = result.closedByImportance[importance];
      return { measure: `${label}: ${importance} gaps closed this year / waiting`, value: `${share(year, year + waiting)} / ${waiting}`, target: '', met: '' };
    }),
    { measure: `${label}: planner p95 on the seed catalog (${seed.length} courses)`, value: `${result.p95.toFixed(2)} ms`, target: '', met: '' },
  ];

  const ms = (value) => `${value.toFixed(2)} ms`;
  const rows = [
    ...fittingRows('15 predefined roles', roles),
    ...fittingRows(`${GENERATED_POSTINGS} generated postings`, postings),
    ...fittingRows('same at working, learner at basic in half', postingsHoldingSome),
    { measure: 'planLearningPath incl. fitting p50 (10,000 courses, 50 gaps)', value: ms(speed.p50), target: '', met: '' },
    { measure: 'planLearningPath incl. fitting p95 (10,000 courses, 50 gaps)', value: ms(speed.p95), target: `<= ${TARGETS.p95Ms} ms`, met: speed.p95 <= TARGETS.p95Ms },
    { measure: 'planLearningPath slowest run', value: ms(speed.max), target: '', met: '' },
    { measure: 'courses per plan / uncovered gaps per plan', value: `${speed.coursesPerPlan.toFixed(1)} / ${speed.uncoveredPerPlan.toFixed(2)}`, target: '', met: '' },
    { measure: `hours vs exact optimum, mean (${quality.compared} small instances)`, value: quality.mean.toFixed(4), target: `<= ${TARGETS.meanRatio}`, met: quality.mean <= TARGETS.meanRatio },
    { measure: 'hours vs exact optimum, worst', value: quality.worst.toFixed(4), target: `<= ${TARGETS.worstRatio}`, met: quality.worst <= TARGETS.worstRatio },
    { measure: 'instances solved optimally', value: `${quality.optimal} / ${quality.compared}`, target: '', met: '' },
    { measure: 'heuristics alone (no exact search): mean / worst', value: meanAndWorst(heuristicsAlone), target: '', met: '' },
    { measure: 'heuristics alone: instances solved optimally', value: `${heuristicsAlone.optimal} / ${heuristicsAlone.compared}`, target: '', met: '' },
    { measure: `dense instances (${dense.compared}): mean / worst, optimal`, value: `${meanAndWorst(dense)}, ${dense.optimal}`, target: '', met: '' },
    { measure: 'dense, heuristics alone: mean / worst, optimal', value: `${meanAndWorst(denseHeuristicsAlone)}, ${denseHeuristicsAlone.optimal}`, target: '', met: '' },
  ].map((row) => ({ ...row, met: row.met === '' ? '' : row.met ? 'met' : 'MISSED' }));

  console.log(
    `${RUNS} timed plans after ${WARMUP} warm-up ones, in process on Node ${process.version}, ${availableParallelism()} cores, ` +
      `1-minute load average ${loadavg()[0].toFixed(1)}; seed ${SEED}\n`,
  );
  console.table(rows);
  if (rows.some((row) => row.met === 'MISSED')) process.exitCode = 1;
}

if (require.main === module) {
  try {
    main();
  } catch (error) {
    console.error(`bench:paths failed: ${error.stack ?? error.message}`);
    process.exitCode = 1;
  }
}
