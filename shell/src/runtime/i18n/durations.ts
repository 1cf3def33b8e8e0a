import type { Language } from '@masar/contracts';
import { formatNumber } from './format-number';
import { i18n } from './i18n';
import { useLanguage } from './useLanguage';

/*
 * A course's or lesson's duration is text: written by its author ("6 weeks", "٦ أسابيع") or by
 * Masar ("20 min" for a lesson's reading time). A plain count of one unit is given in the reader's
 * language with the language's plural forms; anything else ("3 days + exam", "12–18 months
 * part-time") is shown as written.
 */

const UNITS: ReadonlyArray<[RegExp, string]> = [
  [/^(?:min|mins|minutes?)$/i, 'minute'],
  [/^(?:h|hrs?|hours?)$/i, 'hour'],
  [/^days?$/i, 'day'],
  [/^weeks?$/i, 'week'],
  [/^months?$/i, 'month'],
  [/^years?$/i, 'year'],
  [/^sessions?$/i, 'session'],
  [/^modules?$/i, 'module'],
];

/** A duration in `language`: English as written; "N unit" in Arabic with its plural; anything else as written. */
export function durationIn(duration: string, language: Language): string {
  if (language === 'en') return duration;
  const match = /^\s*(\d{1,6})\s*([A-Za-z]+)\.?\s*$/.exec(duration);
  const unit = match && UNITS.find(([pattern]) => pattern.test(match[2]))?.[1];
  if (!match || !unit) return duration;
  const count = Number(match[1]);
  return i18n.t(`common:durations.${unit}`, { lng: language, count, formattedCount: formatNumber(count, language) });
}

/** durationIn in the page's language, for a component (re-renders when the language changes). */
export function useDurationText(): (duration: string) => string {
  const { language } = useLanguage();
  return (duration) => durationIn(duration, language);
}
