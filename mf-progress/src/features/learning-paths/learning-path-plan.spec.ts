import { buildCourseSummary, buildLearningPath, buildPathCourse, buildProgressCourse, buildProgressOverview } from './learning-path.factory';
import {
  completedCourseCount,
  courseStatuses,
  coveredGapSkills,
  currentStepIndex,
  gapChartRows,
  gapSkillName,
  moveCourse,
  planMonths,
  statusOf,
  summaryOf,
  swapCandidates,
} from './learning-path-plan';
import { learningPathUrl } from './learning-path-url';

const path = buildLearningPath();
const [python, sql, analytics] = path.courses;

describe('planMonths', () => {
  it('gives months 1 to 12, each with the courses active in it and the quarter milestones at months 3, 6, 9 and 12', () => {
    const months = planMonths(path);
    expect(months.map((plan) => plan.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(months.map((plan) => plan.courses.map((course) => course.abbreviation))).toEqual([
      ['PY-101', 'SQL-101'],
      ['SQL-101', 'GDA'],
      ['GDA'],
      ['GDA'],
      ['GDA'],
      [],
      [],
      [],
      [],
      [],
      [],
      [],
    ]);
    expect(months.filter((plan) => plan.milestone).map((plan) => [plan.month, plan.milestone?.quarter])).toEqual([
      [3, 1],
      [6, 2],
      [9, 3],
      [12, 4],
    ]);
    expect(months.some((plan) => plan.beyondYear)).toBe(false);
  });

  it('runs past month 12 when the courses need longer, marking those months beyond the year', () => {
    const long = buildPathCourse({ startMonth: 11, endMonth: 14 });
    const months = planMonths({ ...path, courses: [long], monthsNeeded: 14 });
    expect(months).toHaveLength(14);
    expect(months.filter((plan) => plan.beyondYear).map((plan) => plan.month)).toEqual([13, 14]);
    expect(months[13].courses).toEqual([long]);
    expect(months[9].courses).toEqual([]);
  });

  it('plans twelve empty months for a path without courses', () => {
    const months = planMonths({ courses: [], milestones: [], monthsNeeded: 0 });
    expect(months).toHaveLength(12);
    expect(months.every((plan) => plan.courses.length === 0 && plan.milestone === undefined)).toBe(true);
  });
});

describe('moveCourse', () => {
  const order = ['a', 'b', 'c'];

  it('swaps a course with its neighbour', () => {
    expect(moveCourse(order, 'a', 1)).toEqual(['b', 'a', 'c']);
    expect(moveCourse(order, 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('leaves the order as it is at either end, or for a course not in it', () => {
    expect(moveCourse(order, 'a', -1)).toEqual(order);
    expect(moveCourse(order, 'c', 1)).toEqual(order);
    expect(moveCourse(order, 'z', 1)).toEqual(order);
  });
});

describe('swapCandidates', () => {
  it('keeps only courses not already in the path', () => {
    const tableau = buildCourseSummary();
    const again = buildCourseSummary({ id: analytics.courseId, title: analytics.title });
    expect(swapCandidates([again, tableau], path)).toEqual([tableau]);
  });
});

describe('course statuses', () => {
  const overview = buildProgressOverview(path, {
    courses: [buildProgressCourse(python, { status: 'completed', percent: 100 }), buildProgressCourse(sql, { status: 'in-progress', percent: 40 })],
  });
  const statuses = courseStatuses(overview);

  it('reads each course status from the progress overview, pending when the course is not there', () => {
    expect(statusOf(statuses, python.courseId)).toBe('completed');
    expect(statusOf(statuses, sql.courseId)).toBe('in-progress');
    expect(statusOf(statuses, analytics.courseId)).toBe('pending');
    expect(statusOf(courseStatuses(undefined), python.courseId)).toBe('pending');
  });

  it('makes the first course not completed the current step and counts the completed ones', () => {
    expect(currentStepIndex(path.courses, statuses)).toBe(1);
    expect(completedCourseCount(path.courses, statuses)).toBe(1);
    expect(currentStepIndex(path.courses, new Map())).toBe(0);
    const allDone = courseStatuses({ courses: path.courses.map((course) => buildProgressCourse(course, { status: 'completed' })) });
    expect(currentStepIndex(path.courses, allDone)).toBe(3);
  });
});

describe('summaryOf', () => {
  it("takes the overview's summary only when it sums up this very path", () => {
    const overview = buildProgressOverview(path);
    expect(summaryOf(path, overview)?.months).toBe(5);
    expect(summaryOf(buildLearningPath(), overview)).toBeUndefined();
    expect(summaryOf(path, undefined)).toBeUndefined();
  });
});

describe('gap skills', () => {
  it('lists each covered gap skill once, in study order, whatever its case', () => {
    const again = buildPathCourse({ covers: ['python', 'Statistics'] });
    expect(coveredGapSkills([...path.courses, again])).toEqual(['Python', 'SQL', 'Data Visualization', 'Statistics']);
  });

  it('names a skill in Arabic when the gap has an Arabic name, and as it is otherwise', () => {
    expect(gapSkillName(path.gaps, 'Statistics', 'ar')).toBe('الإحصاء');
    expect(gapSkillName(path.gaps, 'statistics', 'ar')).toBe('الإحصاء');
    expect(gapSkillName(path.gaps, 'SQL', 'ar')).toBe('SQL');
    expect(gapSkillName(path.gaps, 'Statistics', 'en')).toBe('Statistics');
  });

  it('charts levels from 0 (none) to 4 (expert)', () => {
    const rows = gapChartRows(path.gaps, (skill) => skill.toUpperCase());
    expect(rows[0]).toEqual({ skill: 'PYTHON', current: 0, target: 2 });
    expect(rows[1]).toEqual({ skill: 'SQL', current: 1, target: 2 });
    expect(rows[2]).toEqual({ skill: 'DATA VISUALIZATION', current: 0, target: 1 });
  });
});

describe('learningPathUrl', () => {
  it('is absolute, so it works from anywhere under the mounted /learning-paths/*', () => {
    expect(learningPathUrl(path.id)).toBe(`/learning-paths/${path.id}`);
  });
});
