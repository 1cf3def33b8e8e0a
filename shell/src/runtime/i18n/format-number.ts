import type { Language } from '@masar/contracts';

/** A figure as the reader writes it (digits and grouping of `language`). */
export function formatNumber(value: number, language: Language): string {
  return new Intl.NumberFormat(language).format(value);
}
