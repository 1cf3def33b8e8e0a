/** Today as a calendar day (`2026-03-31`) in the learner's own time zone. */
export function todayAsCalendarDay(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** A due date (a calendar day, as paths plan them) that has gone by: due before today. */
export function isPastDue(dueDate: string, now: Date = new Date()): boolean {
  return dueDate.slice(0, 10) < todayAsCalendarDay(now);
}
