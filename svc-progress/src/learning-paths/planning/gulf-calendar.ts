import type { HolyPeriodKind } from '@masar/contracts';
/**
 * Ramadan and the two Eids, read from the Umm al-Qura calendar of the platform's own Intl (ICU's
 * `islamic-umalqura`): no hand-made conversion, so the dates are those Saudi Arabia publishes.
 */


/** What a day of the plan is in the Gulf year: an ordinary day, a day of Ramadan, or an Eid holiday. */
export const DayKind = { Ordinary: 0, Ramadan: 1, EidAlFitr: 2, EidAlAdha: 3 } as const;
export type DayKind = (typeof DayKind)[keyof typeof DayKind];

const KIND_OF_DAY: Record<DayKind, HolyPeriodKind | null> = {
  [DayKind.Ordinary]: null,
  [DayKind.Ramadan]: 'ramadan',
  [DayKind.EidAlFitr]: 'eid-al-fitr',
  [DayKind.EidAlAdha]: 'eid-al-adha',
};

/** Umm al-Qura months and days: Ramadan is month 9; Eid al-Fitr 1–3 Shawwal (10); Eid al-Adha 10–13 Dhu al-Hijjah (12). */
const RAMADAN = 9;
const SHAWWAL = 10;
const DHU_AL_HIJJAH = 12;
const EID_AL_FITR_DAYS = 3;
const EID_AL_ADHA_FIRST_DAY = 10;
const EID_AL_ADHA_LAST_DAY = 13;
const DAY_MS = 86_400_000;

const UMM_AL_QURA = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura-nu-latn', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

/** The Umm al-Qura year, month (1–12) and day of a UTC day. */
export function hijriDateOf(day: Date): { year: number; month: number; day: number } {
  const parts = UMM_AL_QURA.formatToParts(day);
  const number = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  return { year: number('year'), month: number('month'), day: number('day') };
}

export function dayKindOf(day: Date): DayKind {
  const hijri = hijriDateOf(day);
  if (hijri.month === RAMADAN) return DayKind.Ramadan;
  if (hijri.month === SHAWWAL && hijri.day <= EID_AL_FITR_DAYS) return DayKind.EidAlFitr;
  if (hijri.month === DHU_AL_HIJJAH && hijri.day >= EID_AL_ADHA_FIRST_DAY && hijri.day <= EID_AL_ADHA_LAST_DAY) return DayKind.EidAlAdha;
  return DayKind.Ordinary;
}

/**
 * The kinds of consecutive days from a UTC day on, grown on demand. Asking Intl costs a few
 * microseconds a day, so each start day's kinds are worked out once and shared by every plan
 * starting that day (the few most recent start days are kept).
 */
export class GulfDays {
  private kinds = new Uint8Array(0);
  private known = 0;

  constructor(readonly startDay: Date) {}

  kindOf(dayIndex: number): DayKind {
    if (dayIndex >= this.known) this.growTo(dayIndex + 1);
    return this.kinds[dayIndex] as DayKind;
  }

  private growTo(days: number): void {
    const size = Math.max(days, this.known * 2, 400);
    const kinds = new Uint8Array(size);
    kinds.set(this.kinds.subarray(0, this.known));
    for (let index = this.known; index < size; index += 1) kinds[index] = dayKindOf(new Date(this.startDay.getTime() + index * DAY_MS));
    this.kinds = kinds;
    this.known = size;
  }
}

const RECENT_START_DAYS = 8;
const gulfDaysByStart = new Map<number, GulfDays>();

/** The shared `GulfDays` of a start day (a UTC midnight). */
export function gulfDaysFrom(startDay: Date): GulfDays {
  const key = startDay.getTime();
  let days = gulfDaysByStart.get(key);
  if (!days) {
    days = new GulfDays(startDay);
    if (gulfDaysByStart.size >= RECENT_START_DAYS) gulfDaysByStart.delete(gulfDaysByStart.keys().next().value!);
    gulfDaysByStart.set(key, days);
  }
  return days;
}

/** A run of Ramadan or Eid days, by day index from the plan's start (both ends included). */
export interface HolyPeriodSpan {
  kind: HolyPeriodKind;
  firstDay: number;
  lastDay: number;
}

/** The holy periods that touch days `from`..`to` (included), each whole as far as it lies in that range. */
export function holyPeriodsBetween(days: Pick<GulfDays, 'kindOf'>, from: number, to: number): HolyPeriodSpan[] {
  const spans: HolyPeriodSpan[] = [];
  for (let index = from; index <= to; index += 1) {
    const kind = KIND_OF_DAY[days.kindOf(index)];
    if (kind === null) continue;
    const last = spans[spans.length - 1];
    if (last && last.kind === kind && last.lastDay === index - 1) last.lastDay = index;
    else spans.push({ kind, firstDay: index, lastDay: index });
  }
  return spans;
}
