import { AGENT_TASK_STEPS, type AgentTaskStepKey, type Language } from '@masar/contracts';
import { argumentsOf } from '../api/server-messages';
import { i18n } from '../i18n/i18n';

/*
 * A task's current step is written in English by the worker that runs it (contracts'
 * AGENT_TASK_STEPS). Each screen that follows tasks shows it through agentTaskStepIn, at render, so
 * the step follows the reader's language, even when they switch while the task runs.
 */

type WordedStep = { [K in AgentTaskStepKey]: (typeof AGENT_TASK_STEPS)[K] extends string ? never : K }[AgentTaskStepKey];

/** The name each argument of a worded step has in the locale entry; all but `title` are counts. */
const STEP_ARGUMENTS: Record<WordedStep, readonly string[]> = {
  findingMaterial: ['title'],
  writingModule: ['index', 'total'],
  writingNamedModule: ['index', 'total', 'title'],
  reviewingCourses: ['from', 'to', 'total'],
  narratingLesson: ['index', 'total'],
  readingModule: ['index', 'total'],
};

const FIXED_STEPS = new Map<string, AgentTaskStepKey>(
  (Object.keys(AGENT_TASK_STEPS) as AgentTaskStepKey[]).flatMap((key): Array<[string, AgentTaskStepKey]> => {
    const wording = AGENT_TASK_STEPS[key];
    return typeof wording === 'string' ? [[wording, key]] : [];
  }),
);

function readStep(step: string, language: Language): { key: AgentTaskStepKey; values?: Record<string, string> } | undefined {
  const fixed = FIXED_STEPS.get(step);
  if (fixed) return { key: fixed };
  for (const key of Object.keys(STEP_ARGUMENTS) as WordedStep[]) {
    const found = argumentsOf(step, AGENT_TASK_STEPS[key]);
    const names = STEP_ARGUMENTS[key];
    // "Writing module 2 of 6: Joins" also fits "Writing module {index} of {total}" with a total of "6: Joins": counts must be numbers.
    if (!found || names.some((name, index) => name !== 'title' && !/^\d+$/.test(found[index]))) continue;
    const values = Object.fromEntries(
      names.map((name, index) => [name, name === 'title' ? found[index] : new Intl.NumberFormat(language).format(Number(found[index]))]),
    );
    return { key, values };
  }
  return undefined;
}

/** A task's current step in `language`: English as sent, a step Masar's workers write translated, anything else kept. */
export function agentTaskStepIn(step: string, language: Language): string {
  if (language === 'en') return step;
  const known = readStep(step, language);
  return known ? i18n.t(`common:agentTaskSteps.${known.key}`, { lng: language, ...known.values }) : step;
}
