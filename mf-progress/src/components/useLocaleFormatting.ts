import { useLanguage, type Language } from '@masar/shell/runtime';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isCalendarDay, planDateFormats, planDay } from './plan-dates';

export interface LocaleFormatting {
  language: Language;
  /** A day in the current language; a calendar day (`2026-03-31`) never shifts with the time zone. */
  formatDate: (iso: string) => string;
  /**
   * A date of a learning plan (start, due, milestone): in Arabic the Umm al-Qura Hijri day and the
   * Gregorian one ("1 شوال 1447 هـ الموافق 20 مارس 2026"); in English the Gregorian day, whose Hijri
   * day `hijriDate` gives for its tooltip (see PlanDate).
   */
  formatPlanDate: (iso: string) => string;
  /** The plan date in the Umm al-Qura Hijri calendar. */
  hijriDate: (iso: string) => string;
  /** A moment with its time of day, for activity lines. */
  formatDateTime: (iso: string) => string;
  formatNumber: (value: number) => string;
  /** The Arabic title in Arabic when there is one, the catalog title otherwise. */
  localTitle: (title: string, titleAr: string | null | undefined) => string;
}

/** Dates, numbers and titles as the /progress, /learning-paths and /dashboard screens show them. */
export function useLocaleFormatting(): LocaleFormatting {
  const { language } = useLanguage();
  const { t } = useTranslation('learningPaths');
  return useMemo(() => {
    const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
    const plan = planDateFormats(language);
    return {
      language,
      formatDate: (iso) => (isCalendarDay(iso) ? day.format(planDay(iso)) : date.format(new Date(iso))),
      formatPlanDate: (iso) =>
        language === 'ar' ? t('dates.both', { hijri: plan.hijri(iso), gregorian: plan.gregorian(iso) }) : plan.gregorian(iso),
      hijriDate: plan.hijri,
      formatDateTime: (iso) => dateTime.format(new Date(iso)),
      formatNumber: (value) => number.format(value),
      localTitle: (title, titleAr) => (language === 'ar' && titleAr ? titleAr : title),
    };
  }, [language, t]);
}
