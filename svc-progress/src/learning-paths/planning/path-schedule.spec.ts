import type { PathCandidateCourse } from '@masar/contracts';
import type { ChosenCourse } from './course-cover';
import { scheduleLearningPath } from './path-schedule';
import { buildCourse, buildGap } from './planning.factory';
import { ORDINARY_DAYS, StudyCalendar } from './study-calendar';

const JANUARY_FIRST = new Date('2025-01-01T00:00:00Z');
/** A calendar without Ramadan or Eid, so these tests read as plain arithmetic; the real calendar has its own tests below. */
const plain = (startDate: Date) => new StudyCalendar(new Date(Date.UTC(startDate.getUTCFullYear(), startDate.getUTCMonth(), startDate.getUTCDate())), 1, ORDINARY_DAYS);
const chosenCourse = (overrides: Partial<PathCandidateCourse>, covers: string[] = []): ChosenCourse => ({
  course: buildCourse({ skills: covers, ...overrides }),
  covers,
});
const titlesInOrder = (chosen: ChosenCourse[], gaps = [buildGap('Python'), buildGap('SQL')]) =>
  scheduleLearningPath(chosen, gaps, { weeklyHours: 3, startDate: JANUARY_FIRST, calendar: plain(JANUARY_FIRST) }).courses.map((course) => course.title);

describe('scheduleLearningPath', () => {
  it('runs courses back to back at the weekly hours: at 3 h a week, 6 h then 12 h are done on days 14 and 42', () => {
    const sql = chosenCourse({ title: 'SQL basics', estimatedHours: 6, abbreviation: 'SQL-1', provider: 'Masar', url: null }, ['SQL']);
    const python = chosenCourse({ title: 'Python', estimatedHours: 12, kind: 'external', provider: 'Coursera', url: 'https://example.org/python' }, ['Python']);

    const schedule = scheduleLearningPath([python, sql], [buildGap('SQL'), buildGap('Python')], { weeklyHours: 3, startDate: JANUARY_FIRST, calendar: plain(JANUARY_FIRST) });

    expect(schedule.courses).toEqual([
      {
        courseId: sql.course.id,
        title: 'SQL basics',
        titleAr: null,
        abbreviation: 'SQL-1',
        kind: 'internal',
        provider: 'Masar',
        url: null,
        level: 'intermediate',
        estimatedHours: 6,
        covers: ['SQL'],
        startMonth: 1,
        endMonth: 1,
        startDate: '2025-01-01',
        dueDate: '2025-01-14',
      },
      expect.objectContaining({
        courseId: python.course.id,
        kind: 'external',
        provider: 'Coursera',
        url: 'https://example.org/python',
        startMonth: 1,
        endMonth: 2,
        startDate: '2025-01-15',
        dueDate: '2025-02-11',
      }),
    ]);
    expect(schedule.totalHours).toBe(18);
    expect(schedule.monthsNeeded).toBe(2);
  });

  it('only counts the UTC date of the start', () => {
    const startDate = new Date('2025-03-10T23:59:00Z');
    const [course] = scheduleLearningPath([chosenCourse({ estimatedHours: 3 })], [], { weeklyHours: 3, startDate, calendar: plain(startDate) }).courses;
    expect([course.startDate, course.dueDate]).toEqual(['2025-03-10', '2025-03-16']);
  });

  it('puts a course after the one its prerequisites name by title or abbreviation, in any case and spacing', () => {
    const pandas = chosenCourse({ title: 'Data wrangling', level: 'beginner', estimatedHours: 2, prerequisites: ['python  FOR data analysis or equivalent'] });
    const python = chosenCourse({ title: 'Python for Data Analysis', level: 'advanced', estimatedHours: 40 });
    const modelling = chosenCourse({ title: 'Modelling', level: 'beginner', estimatedHours: 1, prerequisites: ['Statistics (DSC-101)'] });
    const statistics = chosenCourse({ title: 'Statistics', abbreviation: 'DSC-101', level: 'intermediate', estimatedHours: 30 });

    expect(titlesInOrder([pandas, python, modelling, statistics])).toEqual(['Statistics', 'Modelling', 'Python for Data Analysis', 'Data wrangling']);
  });

  it('matches whole words only: "SQL" is not named in "MySQL administration"', () => {
    const sql = chosenCourse({ title: 'Relational data', abbreviation: 'SQL', level: 'intermediate' });
    const mysql = chosenCourse({ title: 'MySQL admin', level: 'beginner', prerequisites: ['MySQL administration'] });
    expect(titlesInOrder([sql, mysql])).toEqual(['MySQL admin', 'Relational data']);
  });

  it('puts the lower-level of two courses closing a same skill first, even past other free courses', () => {
    // Beginner Python waits for the advanced SQL course it names; intermediate Python must still wait for it.
    const advancedSql = chosenCourse({ title: 'Advanced SQL', level: 'advanced', estimatedHours: 10 }, ['SQL']);
    const beginnerPython = chosenCourse({ title: 'Python first steps', level: 'beginner', prerequisites: ['Advanced SQL'] }, ['Python']);
    const intermediatePython = chosenCourse({ title: 'Python at work', level: 'intermediate' }, ['python']);
    expect(titlesInOrder([intermediatePython, beginnerPython, advancedSql])).toEqual(['Advanced SQL', 'Python first steps', 'Python at work']);
  });

  it('orders free courses by level, then the most urgent gap they close, then fewer hours, then title', () => {
    const gaps = [buildGap('Urgent', { priority: 'high' }), buildGap('Later', { priority: 'low' })];
    const courses = [
      chosenCourse({ title: 'B later short', level: 'beginner', estimatedHours: 2 }, ['Later']),
      chosenCourse({ title: 'A later long', level: 'beginner', estimatedHours: 9 }, ['Later']),
      chosenCourse({ title: 'Z later long', level: 'beginner', estimatedHours: 9 }, ['Later']),
      chosenCourse({ title: 'Urgent long', level: 'beginner', estimatedHours: 30 }, ['Urgent']),
      chosenCourse({ title: 'Unlevelled', level: null, estimatedHours: 1 }, ['Later']),
      chosenCourse({ title: 'Intermediate urgent', level: 'intermediate', estimatedHours: 1 }, ['Nothing shared']),
    ];
    expect(titlesInOrder(courses, gaps)).toEqual(['Urgent long', 'Unlevelled', 'B later short', 'A later long', 'Z later long', 'Intermediate urgent']);
  });

  it('keeps the order given when asked to, as after a learner reorders their path', () => {
    const advanced = chosenCourse({ title: 'Advanced', level: 'advanced', estimatedHours: 3 }, ['SQL']);
    const beginner = chosenCourse({ title: 'Beginner', level: 'beginner', estimatedHours: 3 }, ['SQL']);
    const schedule = scheduleLearningPath([advanced, beginner], [], { weeklyHours: 3, startDate: JANUARY_FIRST, keepOrder: true, calendar: plain(JANUARY_FIRST) });
    expect(schedule.courses.map(({ title, startDate }) => [title, startDate])).toEqual([
      ['Advanced', '2025-01-01'],
      ['Beginner', '2025-01-08'],
    ]);
  });

  it('survives prerequisites that name each other, breaking the cycle on it by level then title', () => {
    const a = chosenCourse({ title: 'Alpha', level: 'intermediate', prerequisites: ['Beta'] });
    const b = chosenCourse({ title: 'Beta', level: 'intermediate', prerequisites: ['Alpha'] });
    const c = chosenCourse({ title: 'Gamma', level: 'advanced', prerequisites: ['Alpha'] });
    // Lowest level of all, but it waits for Beta rather than being part of the cycle.
    const d = chosenCourse({ title: 'Delta', level: 'beginner', prerequisites: ['Beta'] });
    expect(titlesInOrder([d, c, b, a])).toEqual(['Alpha', 'Beta', 'Delta', 'Gamma']);
  });

  it('groups courses into four quarterly milestones, each skill counted at the first course closing it', () => {
    // 30 h at 3 h a week is 70 days each: due on days 70, 140, 210, 280, 350 and 420.
    const courses = [1, 2, 3, 4, 5, 6].map((number) =>
      chosenCourse({ title: `Course ${number}`, level: 'intermediate', estimatedHours: 30 }, number === 1 ? ['A'] : number === 2 ? ['A', 'B'] : [`S${number}`]),
    );
    const start = new Date('2025-01-31T00:00:00Z');

    const schedule = scheduleLearningPath(courses, [], { weeklyHours: 3, startDate: start, calendar: plain(start) });

    expect(schedule.courses.map((course) => course.dueDate)).toEqual(['2025-04-10', '2025-06-19', '2025-08-28', '2025-11-06', '2026-01-15', '2026-03-26']);
    const idOf = (index: number) => courses[index].course.id;
    expect(schedule.milestones).toEqual([
      // 31 January plus three months is the last day of April.
      { quarter: 1, dueDate: '2025-04-30', courseIds: [idOf(0)], skills: ['A'] },
      { quarter: 2, dueDate: '2025-07-31', courseIds: [idOf(1)], skills: ['B'] },
      { quarter: 3, dueDate: '2025-10-31', courseIds: [idOf(2)], skills: ['S3'] },
      { quarter: 4, dueDate: '2026-01-31', courseIds: [idOf(3), idOf(4)], skills: ['S4', 'S5'] },
    ]);
    // The sixth course overruns the year: still listed, in months 12 to 14.
    expect(schedule.courses[5]).toMatchObject({ startMonth: 12, endMonth: 14 });
    expect(schedule.monthsNeeded).toBe(14);
  });

  it('counts a course due on a milestone day in that milestone', () => {
    // 13 h at 1 h a week from 2 January is done on its 91st day, 2 April: the first quarter's last day.
    const onTheDay = chosenCourse({ estimatedHours: 13 }, ['A']);
    const second = new Date('2025-01-02T00:00:00Z');
    const schedule = scheduleLearningPath([onTheDay], [], { weeklyHours: 1, startDate: second, calendar: plain(second) });
    expect(schedule.courses[0].dueDate).toBe('2025-04-02');
    expect(schedule.milestones[0]).toEqual({ quarter: 1, dueDate: '2025-04-02', courseIds: [onTheDay.course.id], skills: ['A'] });

    // A day more is due on 3 April, the day after the first quarter ends.
    const dayLater = chosenCourse({ estimatedHours: 13 + 1 / 7 }, ['A']);
    const later = scheduleLearningPath([dayLater], [], { weeklyHours: 1, startDate: second, calendar: plain(second) });
    expect(later.courses[0].dueDate).toBe('2025-04-03');
    expect(later.milestones[0]).toEqual({ quarter: 1, dueDate: '2025-04-02', courseIds: [], skills: [] });
    expect(later.milestones[1].courseIds).toEqual([dayLater.course.id]);
  });

  it('skips nothing and adds nothing: the same hours in a plain year and at full load through Ramadan differ only by the Eid days', () => {
    // 2025-01-01 + 120 days covers Ramadan 1446 (1–29 March 2025) and Eid al-Fitr (30 March – 1 April).
    const course = chosenCourse({ estimatedHours: 120 / 7 }, ['A']);
    const real = scheduleLearningPath([course], [], { weeklyHours: 1, startDate: JANUARY_FIRST, calendar: new StudyCalendar(JANUARY_FIRST, 1) });
    const ordinary = scheduleLearningPath([course], [], { weeklyHours: 1, startDate: JANUARY_FIRST, calendar: plain(JANUARY_FIRST) });
    expect(ordinary.courses[0].dueDate).toBe('2025-04-30');
    expect(real.courses[0].dueDate).toBe('2025-05-03');
  });


  it('gives four empty milestones and no months for no courses', () => {
    const schedule = scheduleLearningPath([], [], { weeklyHours: 3, startDate: JANUARY_FIRST, calendar: plain(JANUARY_FIRST) });
    expect(schedule).toEqual({
      courses: [],
      milestones: [
        { quarter: 1, dueDate: '2025-04-01', courseIds: [], skills: [] },
        { quarter: 2, dueDate: '2025-07-01', courseIds: [], skills: [] },
        { quarter: 3, dueDate: '2025-10-01', courseIds: [], skills: [] },
        { quarter: 4, dueDate: '2026-01-01', courseIds: [], skills: [] },
      ],
      totalHours: 0,
      monthsNeeded: 0,
    });
  });

  it('refuses a weekly budget that is not positive', () => {
    expect(() => scheduleLearningPath([], [], { weeklyHours: 0, startDate: JANUARY_FIRST })).toThrow(RangeError);
    expect(() => scheduleLearningPath([], [], { weeklyHours: 3, startDate: new Date('not a date') })).toThrow(RangeError);
  });
});
