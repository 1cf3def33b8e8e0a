import { AGENT_TASK_STEPS, AGENT_TASK_TITLES, type AgentTaskTitleKey, type AgentTaskType, COURSE_CREATION_STAGE_MESSAGES, type Language } from '@masar/contracts';
import { argumentsOf } from '../api/server-messages';
import { formatNumber } from '../i18n/format-number';
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
type Wording = string | ((...args: never[]) => string);

/** Arguments kept as written; every other argument is a count. */
const TEXT_ARGUMENTS = new Set(['title', 'fileName', 'name']);

/**
 * The name each argument of a worded step has in the locale entry. Tried in this order, after the
 * steps without arguments: "Reading {fileName}" would also fit "Reading 3 documents" and "Reading
 * module 1 of 4", so it comes last.
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
const STEP_KEYS: readonly StepKey[] = [
  ...(Object.keys(STEPS) as StepKey[]).filter((key) => typeof STEPS[key] === 'string'),
  ...(Object.keys(STEP_ARGUMENTS) as WordedStep[]),
];

const TITLE_ARGUMENTS: Record<AgentTaskTitleKey, readonly string[]> = {
  qualityReviewOfCourse: ['name'],
  qualityReviewOfCourses: ['count'],
  narration: ['name'],
  enhancement: ['name'],
  courseFromFile: ['name'],
  courseWithMaterials: ['name'],
  aiCourseWithMaterials: ['name'],
};

/**
 * The names each type of task is given, tried in this order. A Ready AI task is named by its course
 * alone, so its title is never read: a course called "Course from Scratch" stays so.
 */
const TITLES_OF_TYPE: Record<AgentTaskType, readonly AgentTaskTitleKey[]> = {
  'quality-review': ['qualityReviewOfCourses', 'qualityReviewOfCourse'],
  'course-narration': ['narration'],
  'content-enhancement': ['enhancement'],
  'course-from-documents': ['courseWithMaterials', 'aiCourseWithMaterials', 'courseFromFile'],
  'ready-ai-course': [],
};

/**
 * The first of `keys` whose wording wrote `text`, with its arguments by name: counts written for
 * the reader, the rest as written. A count that is not a number means another wording wrote it
 * ("Writing module 2 of 6: Joins" also fits "Writing module {index} of {total}" with a total of "6: Joins").
 */
function readWording<K extends string>(
  text: string,
  wordings: Readonly<Record<K, Wording>>,
  argumentNames: Readonly<Partial<Record<K, readonly string[]>>>,
  keys: readonly K[],
  language: Language,
): { key: K; values: Record<string, string> } | undefined {
  for (const key of keys) {
    const wording = wordings[key];
    const found = typeof wording === 'string' ? (wording === text ? [] : undefined) : argumentsOf(text, wording);
    const names = argumentNames[key] ?? [];
    if (!found || names.some((name, index) => !TEXT_ARGUMENTS.has(name) && !/^\d+$/.test(found[index]))) continue;
    const values = Object.fromEntries(names.map((name, index) => [name, TEXT_ARGUMENTS.has(name) ? found[index] : formatNumber(Number(found[index]), language)]));
    return { key, values };
  }
  return undefined;
}

/** A task's current step in `language`: English as sent, a step Masar's workers write translated, anything else kept. */
export function agentTaskStepIn(step: string, language: Language): string {
  if (language === 'en') return step;
  const known = readWording(step, STEPS, STEP_ARGUMENTS, STEP_KEYS, language);
  return known ? i18n.t(`common:agentTaskSteps.${known.key}`, { lng: language, ...known.values }) : step;
}

/** A task's name in `language`: English as sent, a name svc-courses gave translated around its own words, anything else kept. */
export function agentTaskTitleIn(task: { type: AgentTaskType; title: string }, language: Language): string {
  if (language === 'en') return task.title;
  const known = readWording(task.title, AGENT_TASK_TITLES, TITLE_ARGUMENTS, TITLES_OF_TYPE[task.type], language);
  return known ? i18n.t(`common:agentTaskTitles.${known.key}`, { lng: language, ...known.values }) : task.title;
}
