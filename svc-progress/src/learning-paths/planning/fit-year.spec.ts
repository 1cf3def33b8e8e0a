import { chooseCourses } from './course-cover';
import { fitYear } from './fit-year';
import { planLearningPath } from './plan-learning-path';
import { buildCourse, buildGap } from './planning.factory';

const START = new Date('2025-07-01T00:00:00Z');

describe('fitting a plan into 12 months', () => {
  const gaps = [
    buildGap('Spark', { priority: 'high' }),
    buildGap('Airflow', { priority: 'high' }),
    buildGap('Kafka', { priority: 'medium' }),
    buildGap('dbt', { priority: 'low', importance: 'nice-to-have', targetLevel: 'basic' }),
  ];
  // The cheapest cover of everything: the certification (120 h) closing Spark, Airflow and Kafka, and dbt.
  const certification = buildCourse({ title: 'Data Engineering Certification', kind: 'external', skills: ['Spark', 'Airflow', 'Kafka'], estimatedHours: 120 });
  const spark = buildCourse({ title: 'Spark in a Week', kind: 'external', skills: ['Spark'], estimatedHours: 30 });
  const airflow = buildCourse({ title: 'Airflow Pipelines', kind: 'external', skills: ['Airflow'], estimatedHours: 25 });
  const kafka = buildCourse({ title: 'Kafka Streams', kind: 'external', skills: ['Kafka'], estimatedHours: 80 });
  const dbt = buildCourse({ title: 'dbt Basics', kind: 'external', skills: ['dbt'], level: 'beginner', estimatedHours: 10 });
  const candidates = [certification, spark, airflow, kafka, dbt];

  it('keeps the cheapest courses when they fit', () => {
    const { chosen, shortestByGap } = chooseCourses(gaps, candidates);
    expect(fitYear({ gaps, shortestByGap, chosen, pinnedIds: new Set(), yearHours: 130 })).toEqual({ year: chosen, deferredSkills: [], nextYear: [] });
  });

  it('otherwise closes the most urgent gaps with shorter courses and leaves the certification for later', () => {
    const { chosen, shortestByGap } = chooseCourses(gaps, candidates);
    expect(chosen.map(({ course }) => course.title).sort()).toEqual(['Data Engineering Certification', 'dbt Basics']);

    const fit = fitYear({ gaps, shortestByGap, chosen, pinnedIds: new Set(), yearHours: 70 });

    expect(fit.year.map(({ course }) => course.title)).toEqual(['Spark in a Week', 'Airflow Pipelines', 'dbt Basics']);
    expect(fit.deferredSkills).toEqual(['Kafka']);
    expect(fit.nextYear).toEqual([{ course: certification, covers: ['Kafka'], replacedBy: [spark.id, airflow.id] }]);
  });

  it('keeps a started course in the year whatever the budget', () => {
    const { chosen, shortestByGap } = chooseCourses(gaps, candidates);
    const fit = fitYear({ gaps, shortestByGap, chosen, pinnedIds: new Set([certification.id]), yearHours: 50 });
    expect(fit.year.map(({ course }) => course.title)).toEqual(['Data Engineering Certification']);
    expect(fit.deferredSkills).toEqual(['dbt']);
  });

  it('proposes the half hours a week that fit everything when within the limit, else lists next year', () => {
    // 130 h at 3 h a week from 1 July 2025: Ramadan 1447 at half load and the Eids lower the year's 156 h to about 147.
    const atThree = planLearningPath({ gaps, candidates, weeklyHours: 2, startDate: START });
    expect(atThree.fit.allCoursesHours).toBe(130);
    expect(atThree.fit.weeklyHoursToFitAll).toBe(3);
    expect(atThree.fit.proposedWeeklyHours).toBe(3);
    expect(atThree.fit.holyPeriods.map((period) => period.kind)).toEqual(['ramadan', 'eid-al-fitr', 'eid-al-adha']);
    expect(atThree.fit.holyPeriods[0]).toEqual({ kind: 'ramadan', startDate: '2026-02-18', endDate: '2026-03-19' });
    // At the budget: what fits in 12 months, every date inside them, and the rest for next year.
    expect(atThree.monthsNeeded).toBeLessThanOrEqual(12);
    expect(atThree.courses.every((course) => course.dueDate < '2026-07-01')).toBe(true);
    expect(atThree.nextYear.skills).toEqual(['Kafka']);
    expect(atThree.nextYear.totalHours).toBe(120);

    const overLimit = planLearningPath({ gaps, candidates, weeklyHours: 1, startDate: START }, { maxProposedWeeklyHours: 2.5 });
    expect(overLimit.fit.proposedWeeklyHours).toBeNull();
    expect(overLimit.fit.weeklyHoursToFitAll).toBe(3);
    expect(overLimit.nextYear.skills.length).toBeGreaterThan(0);

    const fits = planLearningPath({ gaps, candidates, weeklyHours: 3, startDate: START });
    expect(fits.fit.proposedWeeklyHours).toBeNull();
    expect(fits.nextYear).toEqual({ skills: [], courses: [], totalHours: 0, monthsAtBudget: 0 });
    expect(fits.courses.map((course) => course.title).sort()).toEqual(['Data Engineering Certification', 'dbt Basics']);
  });

  describe('required gaps before any nice-to-have', () => {
    const noneTaken = { pinnedIds: new Set<string>() };
    const titlesOf = (fit: { year: Array<{ course: { title: string } }> }) => fit.year.map(({ course }) => course.title);

    it('fits a long required course before shorter nice-to-have ones of the same priority, whatever their names', () => {
      // A required gap one level short and nice-to-have gaps two levels short share the medium priority.
      const required = buildGap('Python', { priority: 'medium', currentLevel: 'basic', targetLevel: 'working' });
      const excel = buildGap('Excel', { priority: 'medium', importance: 'nice-to-have', targetLevel: 'working' });
      const git = buildGap('Git', { priority: 'medium', importance: 'nice-to-have', targetLevel: 'working' });
      const python = buildCourse({ title: 'Python for Data', skills: ['Python'], estimatedHours: 90 });
      const excelCourse = buildCourse({ title: 'Excel Skills', skills: ['Excel'], estimatedHours: 20 });
      const gitCourse = buildCourse({ title: 'Git Essentials', skills: ['Git'], estimatedHours: 8 });
      const gaps = [excel, git, required];
      const { chosen, shortestByGap } = chooseCourses(gaps, [python, excelCourse, gitCourse]);

      const fit = fitYear({ gaps, shortestByGap, chosen, ...noneTaken, yearHours: 100 });

      // Python's 90 h first; of the 10 h left, Git (8 h) fits and Excel (20 h) waits.
      expect(titlesOf(fit)).toEqual(['Python for Data', 'Git Essentials']);
      expect(fit.deferredSkills).toEqual(['Excel']);
    });

    it('fits every required gap it can before a high-priority nice-to-have one', () => {
      const sql = buildGap('SQL', { priority: 'medium', currentLevel: 'basic', targetLevel: 'working' });
      const tableau = buildGap('Tableau', { priority: 'high', importance: 'nice-to-have', targetLevel: 'strong' });
      const sqlCourse = buildCourse({ title: 'SQL Fundamentals', skills: ['SQL'], estimatedHours: 40 });
      const tableauCourse = buildCourse({ title: 'Tableau Mastery', skills: ['Tableau'], level: 'advanced', estimatedHours: 30 });
      const gaps = [tableau, sql];
      const { chosen, shortestByGap } = chooseCourses(gaps, [sqlCourse, tableauCourse]);

      const fit = fitYear({ gaps, shortestByGap, chosen, ...noneTaken, yearHours: 50 });

      expect(titlesOf(fit)).toEqual(['SQL Fundamentals']);
      expect(fit.deferredSkills).toEqual(['Tableau']);
    });

    it('chooses for a required gap by the required gaps a course closes, so nice-to-have ones take no hours another required gap needs', () => {
      const spark = buildGap('Spark', { priority: 'high' });
      const airflow = buildGap('Airflow', { priority: 'high' });
      const niceToHave = ['Looker', 'Tableau'].map((skill) => buildGap(skill, { priority: 'low', importance: 'nice-to-have', targetLevel: 'basic' }));
      // 40 h for Airflow and two nice-to-have gaps (13.3 h a gap) against 15 h for Airflow alone.
      const bundle = buildCourse({ title: 'Airflow and Dashboards', skills: ['Airflow', 'Looker', 'Tableau'], estimatedHours: 40 });
      const airflowOnly = buildCourse({ title: 'Airflow Pipelines', skills: ['Airflow'], estimatedHours: 15 });
      const sparkCourse = buildCourse({ title: 'Spark in a Week', skills: ['Spark'], estimatedHours: 30 });
      const gaps = [airflow, spark, ...niceToHave];
      const chosen = [
        { course: bundle, covers: ['Airflow', 'Looker', 'Tableau'] },
        { course: sparkCourse, covers: ['Spark'] },
      ];

      const fit = fitYear({ gaps, shortestByGap: new Map([['airflow', airflowOnly]]), chosen, ...noneTaken, yearHours: 50 });

      expect(titlesOf(fit)).toEqual(['Airflow Pipelines', 'Spark in a Week']);
      expect(fit.deferredSkills).toEqual(['Looker', 'Tableau']);
      expect(fit.nextYear).toEqual([{ course: bundle, covers: ['Looker', 'Tableau'], replacedBy: [airflowOnly.id] }]);
    });

    it('still lets a nice-to-have course take the hours no required gap can use', () => {
      const python = buildGap('Python', { priority: 'high' });
      const git = buildGap('Git', { priority: 'low', importance: 'nice-to-have', targetLevel: 'basic' });
      const pythonCourse = buildCourse({ title: 'Python for Data', skills: ['Python'], estimatedHours: 90 });
      const gitCourse = buildCourse({ title: 'Git Essentials', skills: ['Git'], level: 'beginner', estimatedHours: 8 });
      const gaps = [python, git];
      const { chosen, shortestByGap } = chooseCourses(gaps, [pythonCourse, gitCourse]);

      const fit = fitYear({ gaps, shortestByGap, chosen, ...noneTaken, yearHours: 60 });

      expect(titlesOf(fit)).toEqual(['Git Essentials']);
      expect(fit.deferredSkills).toEqual(['Python']);
    });
  });
});
