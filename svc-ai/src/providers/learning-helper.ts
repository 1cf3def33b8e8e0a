import { AiProvider, LearningHelperAction, PROMPT_TEMPLATE_NAMES, PromptTemplateName, runLearningHelperRequestSchema } from '@masar/contracts';
import { z } from 'zod';

/** A helper request once checked (lists defaulted). */
export type LearningHelperRequest = z.output<typeof runLearningHelperRequestSchema>;

/** The stored prompt template each helper reads with a model. */
export const HELPER_TEMPLATE: Readonly<Record<LearningHelperAction, PromptTemplateName>> = {
  summarize: PROMPT_TEMPLATE_NAMES.HELPER_SUMMARIZE,
  generate_quiz: PROMPT_TEMPLATE_NAMES.HELPER_QUIZ,
  deep_analysis: PROMPT_TEMPLATE_NAMES.HELPER_DEEP_ANALYSIS,
  creative_scenarios: PROMPT_TEMPLATE_NAMES.HELPER_CREATIVE_SCENARIOS,
  visual_explanation: PROMPT_TEMPLATE_NAMES.HELPER_VISUAL_EXPLANATION,
  practical_exercises: PROMPT_TEMPLATE_NAMES.HELPER_PRACTICAL_EXERCISES,
};

/**
 * A backend that runs the six learning helpers on a passage and what svc-courses gathered from the
 * library around it; it answers in markdown, in the request's language.
 */
export interface LearningHelperRunner {
  readonly name: AiProvider;
  run(request: LearningHelperRequest): Promise<string>;
}

export const LEARNING_HELPER_RUNNERS = Symbol('LEARNING_HELPER_RUNNERS');
