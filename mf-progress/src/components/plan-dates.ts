/** `2026-03-31`: a calendar day, as learning paths plan due dates. */
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isCalendarDay(iso: string): boolean {
  return CALENDAR_DAY.test(iso);
}

/** A plan's calendar day as a moment: midnight UTC, formatted in UTC so it never shifts a day. */
export function planDay(iso: string): Date {
  return new Date(isCalendarDay(iso) ? `${iso}T00:00:00Z` : iso);
}

export interface PlanDateFormats {
  /** The day in the Gregorian calendar: "Mar 20, 2026", "20 مارس 2026". */
  gregorian: (iso: string) => string;
  /** The same day in the Umm al-Qura Hijri calendar (the one Gulf employers plan by): "Shawwal 1, 1447 AH", "1 شوال 1447 هـ". */
  hijri: (iso: string) => string;
}

/**
 * Plan dates in both calendars of the Gulf year, by the platform's own `Intl` calendars (no
 * hand-made conversion). Arabic spells the Gregorian month out too, as it stands beside the Hijri one.
 */
export function planDateFormats(language: string): PlanDateFormats {
  const gregorian = new Intl.DateTimeFormat(
    language,
    language === 'ar'
      ? { calendar: 'gregory', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }
      : { calendar: 'gregory', dateStyle: 'medium', timeZone: 'UTC' },
  );
  const hijri = new Intl.DateTimeFormat(language, {
    calendar: 'islamic-umalqura',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return {
    gregorian: (iso) => gregorian.format(planDay(iso)),
    hijri: (iso) => hijri.format(planDay(iso)),
  };
}
