import { AiProvider, answerSearchRequestSchema, Language } from '@masar/contracts';
import { z } from 'zod';

/** A search-answer request once checked. */
export type SearchAnswerRequest = z.output<typeof answerSearchRequestSchema>;

/** What an answerer writes; svc-ai adds the provider and model. */
export interface SearchAnswer {
  /** Cites passages as [n]; only numbers of given passages. */
  answer: string;
  keyInsights: string[];
  citations: number[];
  covered: boolean;
}

/**
 * A backend that answers a search query from the passages svc-courses retrieved, and only from
 * them: the offline one quotes their sentences, the OpenAI-compatible one is checked afterwards
 * (citations of passages it was not given are removed).
 */
export interface SearchAnswerer {
  readonly name: AiProvider;
  answer(request: SearchAnswerRequest): Promise<SearchAnswer>;
}

export const SEARCH_ANSWERERS = Symbol('SEARCH_ANSWERERS');

/** What a query the passages do not answer gets, whoever answers. */
export const NOT_COVERED_ANSWER: Readonly<Record<Language, string>> = {
  en: 'This is not covered in your library.',
  ar: 'هذا الموضوع غير مشمول في مكتبتك.',
};

/** The answer to a query the passages do not cover. */
export function notCoveredAnswer(language: Language): SearchAnswer {
  return { answer: NOT_COVERED_ANSWER[language], keyInsights: [], citations: [], covered: false };
}
