import { isPastDue, todayAsCalendarDay } from './course-dates';

describe('isPastDue', () => {
  const now = new Date(2026, 2, 31, 23, 30); // 31 March 2026, late in the evening, local time

  it("reads today in the learner's own time zone", () => {
    expect(todayAsCalendarDay(now)).toBe('2026-03-31');
  });

  it('is past due only from the day after the due date', () => {
    expect(isPastDue('2026-03-30', now)).toBe(true);
    expect(isPastDue('2026-03-31', now)).toBe(false);
    expect(isPastDue('2026-04-01', now)).toBe(false);
  });
});
