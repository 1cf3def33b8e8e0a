import type { AiCall } from '@masar/contracts';

/** A whole number as the page's language writes it (1,234 / ١٬٢٣٤). */
export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(language).format(value);
}

export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A day, in UTC: budgets reset at the first instant of a month in UTC, which is that day everywhere it is named. */
export function formatDay(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function looksLikeUserId(text: string): boolean {
  return UUID.test(text.trim());
}

/** Who a row is about: their name, else their email, else their id; null when the gateway knows nobody. */
export function personLabel(person: { userId: string | null; userName?: string | null; userEmail?: string | null }): string | null {
  if (person.userId === null) return null;
  return person.userName ?? person.userEmail ?? person.userId;
}

export type AiCallPerson = Pick<AiCall, 'userId' | 'userName' | 'userEmail'>;
