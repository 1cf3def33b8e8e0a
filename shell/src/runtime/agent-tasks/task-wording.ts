import { AGENT_TASK_STEPS, AGENT_TASK_TITLES, type AgentTaskTitleKey, type AgentTaskType, COURSE_CREATION_STAGE_MESSAGES, type Language } from '@masar/contracts';
import { argumentsOf } from '../api/server-messages';
import { i18n } from '../i18n/i18n';

/*
 * A task's name and current step are written in English by svc-courses (contracts'
 * AGENT_TASK_TITLES and AGENT_TASK_STEPS, and COURSE_CREATION_STAGE_MESSAGES for a course made from
 * files). Each screen that follows tasks shows them through agentTaskTitleIn and agentTaskStepIn, at
 * render, so they follow the reader's language, even when they switch while the task runs.
 */

const STEPS = { ...AGENT_TASK_STEPS, ...COURSE_CREATION_STAGE_MESSAGES };
type StepKey = keyof typeof STEPS;
type WordedStep = { [K in StepKey]: (typeof STEPS)[K] extends string ? never : K }[StepKey];

/**
 * The name each argument of a worded step has in the locale entry; all but `title` and `fileName`
 * are counts. Tried in this order: "Reading {fileName}" would also fit "Reading 3 documents" and
 * "Reading module 1 of 4", so it comes last.
 */
const STEP_ARGUMENTS: Record<WordedStep, readonly string[]> = {
  findingMaterial: ['title'],
  writingModule: ['index', 'total'],
  writingNamedModule: ['index', 'total', 'title'],
  reviewingCourses: ['from', 'to', 'total'],
  narratingLesson: ['index', 'total'],
  readingModule: ['index', 'total'],
  receivedMany: ['count'],
  readingMany: ['count'],
  generating: ['modules', 'lessons'],
  readingOne: ['fileName'],
};
const TEXT_ARGUMENTS = new Set(['title', 'fileName']);

const FIXED_STEPS = new Map<string, StepKey>(
  (Object.keys(STEPS) as StepKey[]).flatMap((key): Array<[string, StepKey]> => {
    const wording = STEPS[key];
    return typeof wording === 'string' ? [[wording, key]] : [];
  }),
);

function readStep(step: string, language: Language): { key: StepKey; values?: Record<string, string> } | undefined {
  const fixed = FIXED_STEPS.get(step);
  if (fixed) return { key: fixed };
  for (const key of Object.keys(STEP_ARGUMENTS) as WordedStep[]) {
    const found = argumentsOf(step, STEPS[key]);
    const names = STEP_ARGUMENTS[key];
    // "Writing module 2 of 6: Joins" also fits "Writing module {index} of {total}" with a total of "6: Joins": counts must be numbers.
    if (!found || names.some((name, index) => !TEXT_ARGUMENTS.has(name) && !/^\d+$/.test(found[index]))) continue;
    const values = Object.fromEntries(
      names.map((name, index) => [name, TEXT_ARGUMENTS.has(name) ? found[index] : new Intl.NumberFormat(language).format(Number(found[index]))]),
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

/**
 * The names each type of task is given, tried in this order; a title's own words (a course's or a
 * file's name) are kept. A Ready AI task is named by its course alone, so its title is never read:
 * a course called "Course from Scratch" stays so.
 */
const TITLES_OF_TYPE: Record<AgentTaskType, ReadonlyArray<[AgentTaskTitleKey, 'name' | 'count']>> = {
  'quality-review': [
    ['qualityReviewOfCourses', 'count'],
    ['qualityReviewOfCourse', 'name'],
  ],
  'course-narration': [['narration', 'name']],
  'content-enhancement': [['enhancement', 'name']],
  'course-from-documents': [
    ['courseWithMaterials', 'name'],
    ['aiCourseWithMaterials', 'name'],
    ['courseFromFile', 'name'],
  ],
  'ready-ai-course': [],
};

/** A task's name in `language`: English as sent, a name svc-courses gave translated around its own words, anything else kept. */
export function agentTaskTitleIn(task: { type: AgentTaskType; title: string }, language: Language): string {
  if (language === 'en') return task.title;
  for (const [key, argument] of TITLES_OF_TYPE[task.type]) {
    const found = argumentsOf(task.title, AGENT_TASK_TITLES[key]);
    if (!found || (argument === 'count' && !/^\d+$/.test(found[0]))) continue;
    const value = argument === 'count' ? new Intl.NumberFormat(language).format(Number(found[0])) : found[0];
    return i18n.t(`common:agentTaskTitles.${key}`, { lng: language, [argument]: value });
  }
  return task.title;
}
