import { DayKind, gulfDaysFrom, holyPeriodsBetween, type GulfDays, type HolyPeriodSpan } from './gulf-calendar';

/** By default a learner studies half their weekly hours during Ramadan. */
export const DEFAULT_RAMADAN_LOAD_FACTOR = 0.5;
/** Hours are sums of fractions: differences below this are rounding. */
const HOURS_EPSILON = 1e-7;

/**
 * The hours a learner can study from the plan's first day on: the weekly budget spread evenly over
 * the days, lowered during Ramadan by `ramadanLoadFactor`, and none on an Eid holiday (so no course
 * is ever due on one). Kept per hour of weekly budget, since every budget is a multiple of it.
 */
export class StudyCalendar {
  /** `unitBefore[d]`: hours available on days 0..d-1 at one hour a week. */
  private unitBefore = new Float64Array([0]);
  /**
   * `days` says what each day is; the Umm al-Qura calendar's from `startDay` unless a test gives a
   * year without holy days (`ORDINARY_DAYS`).
   */
  constructor(
    readonly startDay: Date,
    readonly ramadanLoadFactor: number = DEFAULT_RAMADAN_LOAD_FACTOR,
    readonly days: Pick<GulfDays, 'kindOf'> = gulfDaysFrom(startDay),
  ) {
    if (!(ramadanLoadFactor > 0 && ramadanLoadFactor <= 1)) throw new RangeError(`ramadanLoadFactor must be in (0, 1], got ${ramadanLoadFactor}`);
  }

  /** Hours available on days 0..`day`-1 at one hour a week. */
  unitHoursBefore(day: number): number {
    if (day >= this.unitBefore.length) this.growTo(day + 1);
    return this.unitBefore[day];
  }

  /** The first day at whose end `hours` of study are done, at `weeklyHours`. */
  dayReaching(hours: number, weeklyHours: number): number {
    return this.firstDayWhere((unitEnd) => unitEnd * weeklyHours >= hours - HOURS_EPSILON);
  }

  /** The day in which the study after `hours` of it goes on, at `weeklyHours`. */
  dayAfter(hours: number, weeklyHours: number): number {
    return this.firstDayWhere((unitEnd) => unitEnd * weeklyHours > hours + HOURS_EPSILON);
  }

  /** The Ramadan and Eid periods touching days `from`..`to`. */
  holyPeriods(from: number, to: number): HolyPeriodSpan[] {
    return holyPeriodsBetween(this.days, from, to);
  }

  /** Binary search over the days' end totals, growing the table until the answer is inside it. */
  private firstDayWhere(reached: (unitHoursAtEnd: number) => boolean): number {
    while (!reached(this.unitHoursBefore(this.unitBefore.length - 1))) this.growTo(this.unitBefore.length * 2);
    let low = 0;
    let high = this.unitBefore.length - 2;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (reached(this.unitBefore[middle + 1])) high = middle;
      else low = middle + 1;
    }
    return low;
  }

  private growTo(length: number): void {
    const size = Math.max(length, 400);
    const grown = new Float64Array(size);
    grown.set(this.unitBefore);
    for (let day = this.unitBefore.length; day < size; day += 1) grown[day] = grown[day - 1] + this.unitHoursOn(day - 1);
    this.unitBefore = grown;
  }

  private unitHoursOn(day: number): number {
    const kind = this.days.kindOf(day);
    if (kind === DayKind.EidAlFitr || kind === DayKind.EidAlAdha) return 0;
    return kind === DayKind.Ramadan ? this.ramadanLoadFactor / 7 : 1 / 7;
  }
}

/** Days with no Ramadan and no Eid: for tests of what does not depend on the calendar. */
export const ORDINARY_DAYS: Pick<GulfDays, 'kindOf'> = { kindOf: () => DayKind.Ordinary };

/** Rounds hours up to the next half hour: 4.01 → 4.5, 4.5 → 4.5. */
export function roundUpToHalfHour(hours: number): number {
  return Math.ceil(hours * 2 - HOURS_EPSILON) / 2;
}
