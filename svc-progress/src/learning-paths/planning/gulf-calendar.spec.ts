import { DayKind, dayKindOf, gulfDaysFrom, hijriDateOf, holyPeriodsBetween } from './gulf-calendar';
import { scheduleLearningPath } from './path-schedule';
import { buildCourse } from './planning.factory';
import { StudyCalendar } from './study-calendar';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const DAY_MS = 86_400_000;

describe('the Gulf year from the Umm al-Qura calendar', () => {
  it('reads Ramadan 1448 as 8 February – 8 March 2027, Eid al-Fitr from 9 March and Eid al-Adha from 16 May', () => {
    expect(hijriDateOf(day('2027-02-08'))).toEqual({ year: 1448, month: 9, day: 1 });
    expect(dayKindOf(day('2027-02-07'))).toBe(DayKind.Ordinary);
    expect(dayKindOf(day('2027-02-08'))).toBe(DayKind.Ramadan);
    expect(dayKindOf(day('2027-03-08'))).toBe(DayKind.Ramadan);
    expect(dayKindOf(day('2027-03-09'))).toBe(DayKind.EidAlFitr);
    expect(dayKindOf(day('2027-03-11'))).toBe(DayKind.EidAlFitr);
    expect(dayKindOf(day('2027-03-12'))).toBe(DayKind.Ordinary);
    expect(dayKindOf(day('2027-05-16'))).toBe(DayKind.EidAlAdha);
    expect(dayKindOf(day('2027-05-19'))).toBe(DayKind.EidAlAdha);
    expect(dayKindOf(day('2027-05-20'))).toBe(DayKind.Ordinary);
  });

  it('lists the periods of a year from 1 December 2026 by day', () => {
    const start = day('2026-12-01');
    const iso = (index: number) => new Date(start.getTime() + index * DAY_MS).toISOString().slice(0, 10);
    const periods = holyPeriodsBetween(gulfDaysFrom(start), 0, 364).map((period) => [period.kind, iso(period.firstDay), iso(period.lastDay)]);
    expect(periods).toEqual([
      ['ramadan', '2027-02-08', '2027-03-08'],
      ['eid-al-fitr', '2027-03-09', '2027-03-11'],
      ['eid-al-adha', '2027-05-16', '2027-05-19'],
    ]);
  });

  it('halves the load in Ramadan 1448 by default, and never puts a due date on an Eid holiday', () => {
    const start = day('2027-02-08');
    const calendar = new StudyCalendar(start);
    // 29 days of Ramadan at 7 h a week: 14.5 h, not 29.
    expect(calendar.unitHoursBefore(29) * 7).toBeCloseTo(14.5, 9);
    // Done with the last half hour of Ramadan: due 8 March. One hour more cannot be due on Eid (9–11 March): due 12 March.
    const [ramadanCourse] = scheduleLearningPath([{ course: buildCourse({ skills: [], estimatedHours: 14.5 }), covers: [] }], [], { weeklyHours: 7, startDate: start, calendar }).courses;
    expect(ramadanCourse).toMatchObject({ dueDate: '2027-03-08', holyPeriods: ['ramadan'] });
    const [overEid] = scheduleLearningPath([{ course: buildCourse({ skills: [], estimatedHours: 15 }), covers: [] }], [], { weeklyHours: 7, startDate: start, calendar }).courses;
    expect(overEid).toMatchObject({ dueDate: '2027-03-12', holyPeriods: ['ramadan', 'eid-al-fitr'] });
  });

  it('plans Ramadan as any month when the load factor is 1', () => {
    const calendar = new StudyCalendar(day('2027-02-08'), 1);
    expect(calendar.unitHoursBefore(29) * 7).toBeCloseTo(29, 9);
    expect(() => new StudyCalendar(day('2027-02-08'), 0)).toThrow(RangeError);
  });
});
