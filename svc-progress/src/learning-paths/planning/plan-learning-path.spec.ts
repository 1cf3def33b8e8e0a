import { planLearningPath } from './plan-learning-path';
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
});
