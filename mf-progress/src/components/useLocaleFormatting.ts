import { useLanguage, type Language } from '@masar/shell/runtime';
import { useMemo } from 'react';

/** `2026-03-31`: a calendar day, as learning paths plan due dates. */
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface LocaleFormatting {
  language: Language;
  /** A day in the current language; a calendar day (`2026-03-31`) never shifts with the time zone. */
  formatDate: (iso: string) => string;
  /** A moment with its time of day, for activity lines. */
  formatDateTime: (iso: string) => string;
  formatNumber: (value: number) => string;
  /** The Arabic title in Arabic when there is one, the catalog title otherwise. */
  localTitle: (title: string, titleAr: string | null | undefined) => string;
}

/** Dates, numbers and titles as the /progress and /dashboard screens show them. */
export function useLocaleFormatting(): LocaleFormatting {
  const { language } = useLanguage();
  return useMemo(() => {
    const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
    return {
      language,
      formatDate: (iso) => (CALENDAR_DAY.test(iso) ? day.format(new Date(`${iso}T00:00:00Z`)) : date.format(new Date(iso))),
      formatDateTime: (iso) => dateTime.format(new Date(iso)),
      formatNumber: (value) => number.format(value),
      localTitle: (title, titleAr) => (language === 'ar' && titleAr ? titleAr : title),
    };
  }, [language]);
}
