import {
  AI_FEATURES,
  AI_NO_BUDGET_MESSAGE,
  AI_NOTICE_NOT_ACCEPTED_MESSAGE,
  AI_NOTICE_OUTDATED_MESSAGE,
  aiFeatureOffMessage,
  aiProviderNotConfiguredMessage,
  EVENTS_UNAVAILABLE_MESSAGE,
  FORBIDDEN_MESSAGE,
  type Language,
  NUL_CHARACTER_MESSAGE,
  SERVICE_NAMES,
  serviceUnavailableMessage,
} from '@masar/contracts';
import { formatNumber } from '../i18n/format-number';
import { i18n } from '../i18n/i18n';

/*
 * The gateway and the services answer in English. Refusals that any screen can meet (AI switched off
 * or over budget, a role that may not, a service away, a NUL character, a file too large) are
 * recognised here and given in the reader's language; a domain's own messages are its screen's to
 * translate, and anything unknown is shown as sent.
 */

interface KnownMessage {
  key: string;
  /** Values for the sentence, given the reader's language. */
  values?: (language: Language) => Record<string, string>;
}

const featureName = (feature: string) => (language: Language) => ({ feature: i18n.t(`common:aiFeatures.${feature}`, { lng: language }) });
const serviceName = (service: string) => (language: Language) => ({ service: i18n.t(`common:services.${service}`, { lng: language }) });

/** The refusals whose words never vary, built from the contracts' own functions so that they cannot drift. */
const EXACT_MESSAGES = new Map<string, KnownMessage>([
  [AI_NOTICE_NOT_ACCEPTED_MESSAGE, { key: 'aiNoticeNotAccepted' }],
  [AI_NOTICE_OUTDATED_MESSAGE, { key: 'aiNoticeOutdated' }],
  [AI_NO_BUDGET_MESSAGE, { key: 'aiNoBudget' }],
  [FORBIDDEN_MESSAGE, { key: 'forbidden' }],
  [NUL_CHARACTER_MESSAGE, { key: 'nulCharacter' }],
  [EVENTS_UNAVAILABLE_MESSAGE, { key: 'eventsUnavailable' }],
  ...AI_FEATURES.flatMap((feature): Array<[string, KnownMessage]> => [
    [aiFeatureOffMessage(feature), { key: 'aiFeatureOff', values: featureName(feature) }],
    [aiProviderNotConfiguredMessage(feature), { key: 'aiProviderNotConfigured', values: featureName(feature) }],
  ]),
  ...SERVICE_NAMES.map((service): [string, KnownMessage] => [serviceUnavailableMessage(service), { key: 'serviceUnavailable', values: serviceName(service) }]),
]);

const ENGLISH_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Refusals that carry a figure: matched on the contracts' wording, the figures re-written for the reader. */
const PATTERNS: ReadonlyArray<[RegExp, (match: RegExpExecArray) => KnownMessage | undefined]> = [
  [
    // aiBudgetExceededMessage: "…budget of 1,000 tokens. It resets on 1 December 2026."
    /^You have used your monthly AI budget of ([\d,]+) tokens\. It resets on (\d{1,2}) ([A-Z][a-z]+) (\d{4})\.$/,
    ([, tokens, day, month, year]) => {
      const monthIndex = ENGLISH_MONTHS.indexOf(month);
      if (monthIndex < 0) return undefined;
      const resetsAt = new Date(Date.UTC(Number(year), monthIndex, Number(day)));
      return {
        key: 'aiBudgetExceeded',
        values: (language) => ({
          tokens: formatNumber(Number(tokens.replaceAll(',', '')), language),
          date: new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(resetsAt),
        }),
      };
    },
  ],
  [
    // fileTooLargeMessage: 'File is too large (max 10 MB)' or '"notes.pdf" is too large (max 2.5 MB)'.
    /^(?:File|"(.+)") is too large \(max (\d+(?:\.\d+)?) MB\)$/,
    ([, name, megabytes]) => ({
      key: name === undefined ? 'fileTooLarge' : 'namedFileTooLarge',
      values: (language) => ({ megabytes: formatNumber(Number(megabytes), language), ...(name === undefined ? {} : { name }) }),
    }),
  ],
];

function recognise(message: string): KnownMessage | undefined {
  const exact = EXACT_MESSAGES.get(message);
  if (exact) return exact;
  for (const [pattern, read] of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return read(match);
  }
  return undefined;
}

/** A server's message in `language`: English is shown as sent; a known refusal is translated, anything else kept. */
export function serverMessageIn(message: string, language: Language): string {
  if (language === 'en') return message;
  const known = recognise(message);
  if (!known) return message;
  return i18n.t(`common:serverMessages.${known.key}`, { lng: language, ...known.values?.(language) });
}

/** Stand-ins for a wording function's arguments, characters no message holds. */
const ARGUMENT_MARKERS = ['\u0001', '\u0002', '\u0003'];

/**
 * The arguments a contracts wording function was called with to write `message`, or undefined when
 * it did not write it: `argumentsOf('"a.pdf" is damaged…', COURSE_DOCUMENT_MESSAGES.damaged)` gives
 * `['a.pdf', 'PDF']`. The pattern is made from the function itself, so the two cannot drift.
 */
export function argumentsOf(message: string, wording: (...args: never[]) => string): string[] | undefined {
  const template = (wording as unknown as (...args: string[]) => string)(...ARGUMENT_MARKERS.slice(0, wording.length));
  const escaped = template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const source = ARGUMENT_MARKERS.reduce((pattern, marker) => pattern.split(marker).join('([\\s\\S]+?)'), escaped);
  const match = new RegExp(`^${source}$`).exec(message);
  return match ? match.slice(1) : undefined;
}
