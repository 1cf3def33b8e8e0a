import { keepingLeftForLater, planLearningPath } from './plan-learning-path';
import { buildCourse, buildGap } from './planning.factory';

describe('planLearningPath', () => {
  const gaps = [
    buildGap('Python', { priority: 'high' }),
    buildGap('SQL', { priority: 'medium', currentLevel: 'basic' }),
    buildGap('Tableau', { importance: 'nice-to-have', targetLevel: 'basic', priority: 'low' }),
    buildGap('Quantum computing', { priority: 'high' }),
  ];
  const pythonAndSql = buildCourse({ title: 'Python and SQL for analysts', abbreviation: 'DSC-101', skills: ['Python', 'SQL'], estimatedHours: 24 });
  const python = buildCourse({ title: 'Python', skills: ['python'], estimatedHours: 15 });
  const sql = buildCourse({ title: 'SQL', skills: ['SQL'], estimatedHours: 15 });
  const dashboards = buildCourse({
    title: 'Dashboards in Tableau',
    skills: ['Tableau'],
    kind: 'external',
    level: null,
    estimatedHours: 6,
    prerequisites: ['DSC-101 or equivalent'],
  });
  const candidates = [python, sql, pythonAndSql, dashboards];

  it('chooses, orders and dates the courses, and names the gaps nothing closes', () => {
    const path = planLearningPath({ gaps, candidates, weeklyHours: 3, startDate: new Date('2025-01-01T00:00:00Z') });

    expect(path.courses.map(({ title, covers, startDate, dueDate, startMonth, endMonth }) => ({ title, covers, startDate, dueDate, startMonth, endMonth }))).toEqual([
      { title: 'Python and SQL for analysts', covers: ['Python', 'SQL'], startDate: '2025-01-01', dueDate: '2025-02-25', startMonth: 1, endMonth: 2 },
      // 6 h from 26 February: 2 h before Ramadan 1446 (1 March), the other 4 at half load, done 22 March.
      { title: 'Dashboards in Tableau', covers: ['Tableau'], startDate: '2025-02-26', dueDate: '2025-03-22', startMonth: 2, endMonth: 3 },
    ]);
    expect(path.uncoveredSkills).toEqual(['Quantum computing']);
    expect(path.totalHours).toBe(30);
    expect(path.monthsNeeded).toBe(3);
    expect(path.milestones[0]).toEqual({
      quarter: 1,
      dueDate: '2025-04-01',
      courseIds: [pythonAndSql.id, dashboards.id],
      skills: ['Python', 'SQL', 'Tableau'],
    });
    expect(path.milestones.slice(1).every((milestone) => milestone.courseIds.length === 0)).toBe(true);
  });

  it('offers the course that takes a learner furthest when the job expects more than any course teaches', () => {
    const senior = [buildGap('Python', { targetLevel: 'expert', priority: 'high' }), buildGap('SQL', { targetLevel: 'strong', currentLevel: 'working' })];
    const path = planLearningPath({ gaps: senior, candidates, weeklyHours: 3, startDate: new Date('2025-01-01T00:00:00Z') });
    // No course reaches expert Python: the intermediate one (working) is the most the catalog gives. SQL's
    // learner already works at that level, so no course helps and the gap is named as open.
    expect(path.courses.map(({ title, covers }) => ({ title, covers }))).toEqual([{ title: 'Python', covers: ['Python'] }]);
    expect(path.uncoveredSkills).toEqual(['SQL']);
  });

  it('plans the same path for the same input', () => {
    const input = { gaps, candidates, weeklyHours: 5, startDate: new Date('2025-06-15T00:00:00Z') };
    expect(planLearningPath(input)).toEqual(planLearningPath({ ...input, candidates: [...candidates].reverse() }));
  });

  describe("at new weekly hours, with the learner's own courses kept", () => {
    const start = new Date('2025-07-01T00:00:00Z');
    const required = [buildGap('Spark', { priority: 'high' }), buildGap('Airflow', { priority: 'high' })];
    const kafkaGap = buildGap('Kafka', { priority: 'low', importance: 'nice-to-have', targetLevel: 'basic' });
    const sparkShort = buildCourse({ title: 'Spark in a Week', skills: ['Spark'], estimatedHours: 20 });
    const sparkLong = buildCourse({ title: 'Spark at Scale', skills: ['Spark'], estimatedHours: 40 });
    const airflow = buildCourse({ title: 'Airflow Pipelines', skills: ['Airflow'], estimatedHours: 30 });
    const kafka = buildCourse({ title: 'Kafka Streams', skills: ['Kafka'], level: 'beginner', estimatedHours: 25 });
    const catalog = [sparkShort, sparkLong, airflow, kafka];
    const titles = (plan: { courses: Array<{ title: string }> }) => plan.courses.map(({ title }) => title);

    it("keeps a swap and the learner's order instead of planning afresh", () => {
      const gaps = [...required, kafkaGap];
      const afresh = planLearningPath({ gaps, candidates: catalog, weeklyHours: 3, startDate: start });
      expect(titles(afresh)).toEqual(['Kafka Streams', 'Spark in a Week', 'Airflow Pipelines']);

      // The learner swapped Spark in a Week for Spark at Scale and put Kafka last.
      const kept = [
        { course: airflow, covers: ['Airflow'] },
        { course: sparkLong, covers: ['Spark'] },
        { course: kafka, covers: ['Kafka'] },
      ];
      const slower = planLearningPath({ gaps, candidates: catalog, weeklyHours: 2, startDate: start, kept });

      expect(titles(slower)).toEqual(['Airflow Pipelines', 'Spark at Scale', 'Kafka Streams']);
      expect(slower.totalHours).toBe(95);
      expect(slower.nextYear.courses).toEqual([]);
    });

    it('moves what the year can no longer hold to next year, required gaps first, the rest in the same order', () => {
      const gaps = [...required, kafkaGap];
      const kept = [
        { course: kafka, covers: ['Kafka'] },
        { course: sparkLong, covers: ['Spark'] },
        { course: airflow, covers: ['Airflow'] },
      ];
      // About 49 h in the year at 1 h a week (Ramadan at half load): Spark at Scale (40 h) fits, Kafka and Airflow wait.
      const plan = planLearningPath({ gaps, candidates: catalog, weeklyHours: 1, startDate: start, kept });

      expect(titles(plan)).toEqual(['Spark at Scale']);
      expect(plan.nextYear.skills).toEqual(['Airflow', 'Kafka']);
      expect(plan.nextYear.courses.map(({ title }) => title)).toEqual(['Airflow Pipelines', 'Kafka Streams']);
    });

    it('still names a long course left for later while a course replacing it stays in the year', () => {
      const gaps = [...required, kafkaGap];
      // Cheaper than the three short courses (75 h), too long for a year at 1 h a week (about 49 h).
      const certification = buildCourse({ title: 'Data Engineering Certification', skills: ['Spark', 'Airflow', 'Kafka'], estimatedHours: 60 });
      const atOne = planLearningPath({ gaps, candidates: [...catalog, certification], weeklyHours: 1, startDate: start });
      expect(atOne.nextYear.courses.find((course) => course.courseId === certification.id)?.replacedBy).toContain(sparkShort.id);

      // At 1.5 h a week the learner's Spark in a Week stays; Airflow gets its course, Kafka waits.
      const kept = [{ course: sparkShort, covers: ['Spark'] }];
      const faster = planLearningPath({ gaps, candidates: [...catalog, certification], weeklyHours: 1.5, startDate: start, kept });
      expect(titles(faster)).toEqual(['Spark in a Week', 'Airflow Pipelines']);
      const yearIds = new Set(faster.courses.map((course) => course.courseId));
      const nextYear = keepingLeftForLater(faster.nextYear, atOne.nextYear, yearIds);

      const left = nextYear.courses.find((course) => course.courseId === certification.id);
      expect(left).toMatchObject({ replacedBy: [sparkShort.id] });
      expect(nextYear.courses.filter((course) => course.courseId === certification.id)).toHaveLength(1);
      // A note only: its hours count once, for the gaps it closes if it was chosen for them.
      expect(nextYear.totalHours).toBe(faster.nextYear.totalHours);
      expect(keepingLeftForLater(faster.nextYear, atOne.nextYear, new Set()).courses.some((course) => course.courseId === certification.id && course.covers.length === 0)).toBe(false);
    });

    it("chooses courses only for gaps the learner's courses leave open, after them", () => {
      const gaps = [...required, kafkaGap];
      const kept = [
        { course: airflow, covers: ['Airflow'] },
        { course: sparkLong, covers: ['Spark'] },
      ];
      const plan = planLearningPath({ gaps, candidates: catalog, weeklyHours: 4, startDate: start, kept });

      expect(titles(plan)).toEqual(['Airflow Pipelines', 'Spark at Scale', 'Kafka Streams']);
    });
  });
});
