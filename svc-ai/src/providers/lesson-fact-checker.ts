import { AiProvider, FactCheckFinding, factCheckLessonsRequestSchema } from '@masar/contracts';
import { z } from 'zod';

/** A fact-check request once checked (language defaulted). */
export type FactCheckRequest = z.output<typeof factCheckLessonsRequestSchema>;

/**
 * A model backend that reviews lessons for claims that are wrong or contradict each other. Only a
 * language model can: the offline one refuses with a 501 that says what to configure, it never
 * pretends a lesson was checked.
 */
export interface LessonFactChecker {
  readonly name: AiProvider;
  /** The problems found, each quoting its claim verbatim from its lesson; every lesson was checked when this resolves. */
  factCheck(request: FactCheckRequest): Promise<FactCheckFinding[]>;
}

/** Every fact checker that can run (`ProvidersByName<LessonFactChecker>`): each call uses its feature's. */
export const LESSON_FACT_CHECKERS = Symbol('LESSON_FACT_CHECKERS');
