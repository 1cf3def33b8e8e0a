import { Language, LearningHelperAction, LessonSource } from '@masar/contracts';
import { isMeaningfulWord, keySetOf, wordKeysOf } from '../../../search/matching-words';
import { QueryExpander } from '../../../search/query-expander';
import { LearningHelperRequest, LearningHelperRunner } from '../../learning-helper';
import { buildQuizQuestions, QuizStatement } from '../quiz-builder';
import { pointKey, WORD } from '../source-text';
import { HELPER_WORDING, HelperWording } from './helper-wording';
import { Concept, PassageReading, skillLabel } from './passage-reading';

const MIN_QUESTIONS = 3;
const MAX_QUESTIONS = 5;
const WRONG_OPTIONS = 3;
const MAX_SCENARIOS = 3;
const MAX_EXERCISES = 3;
const LETTERS = ['A', 'B', 'C', 'D'];
const ARABIC = /[\u0600-\u06FF]/;

/** A blank in a quiz question, as `buildQuizQuestions` writes it. */
const BLANK = '_____';

/**
 * The six learning helpers without a model. Each one answers from the passage and what the library
 * gave with it (key points, activities, skills, related lessons, deeper courses, the learner's job
 * role) and the skills taxonomy: the framing is in the request's language, every statement of
 * substance a quote or a name from those sources. Nothing is made up, so a helper says so where the
 * library has nothing to give (no deeper course, no job role known).
 */
export class OfflineLearningHelpers implements LearningHelperRunner {
  readonly name = 'offline' as const;

  constructor(private readonly expander: QueryExpander) {}

  async run(request: LearningHelperRequest): Promise<string> {
    return this.runNow(request);
  }

  runNow(request: LearningHelperRequest): string {
    const reading = new PassageReading(request, this.expander);
    const wording = HELPER_WORDING[request.language];
    const helpers: Record<LearningHelperAction, () => string[]> = {
      summarize: () => summarize(reading, wording),
      generate_quiz: () => quiz(reading, wording),
      deep_analysis: () => deepAnalysis(reading, wording),
      creative_scenarios: () => scenarios(reading, wording),
      visual_explanation: () => visualOutline(reading, wording),
      practical_exercises: () => exercises(reading, wording),
    };
    const { passage } = request;
    const body = helpers[request.action]();
    return [...body, '', wording.source(passage.lessonTitle || passage.moduleTitle || passage.courseTitle, passage.courseTitle)].join('\n').trim();
  }
}

function heading(title: string, reading: PassageReading): string {
  const { lessonTitle, moduleTitle, courseTitle } = reading.request.passage;
  const subject = lessonTitle || moduleTitle || courseTitle;
  return subject === '' ? `## ${title}` : `## ${title}: ${subject}`;
}

function conceptNames(concepts: readonly Concept[], language: Language): string {
  return concepts.map((concept) => concept.label).join(language === 'ar' ? '، ' : ', ');
}

/* ---------------------------------------------------------------- Smart summary */

function summarize(reading: PassageReading, wording: HelperWording): string[] {
  const count = Math.max(3, Math.min(5, Math.round(reading.sentences.length / 4)));
  const brief = reading.keySentences(count);
  const lines = [heading(wording.summary.title, reading), '', `### ${wording.summary.inBrief}`, '', ...(brief.length > 0 ? [brief.join(' ')] : reading.sentences.slice(0, 3))];
  const briefKeys = new Set(brief.map(pointKey));
  const points = reading.keyPoints.filter((point) => !briefKeys.has(pointKey(point)));
  if (points.length > 0) lines.push('', `### ${wording.summary.keyPoints}`, '', ...points.map((point) => `- ${point}`));
  const skills = reading.concepts.filter((concept) => concept.kind === 'skill');
  if (skills.length > 0) lines.push('', `### ${wording.summary.skills}`, '', conceptNames(skills, reading.language));
  return lines;
}

/* ---------------------------------------------------------------- Knowledge quiz */

interface Candidate {
  term: string;
  key: string;
}

/** Single words of other lessons' key points and titles: the only place wrong options come from. */
function wrongOptionPool(reading: PassageReading): Candidate[] {
  const texts = reading.request.relatedLessons.flatMap((lesson) => [...lesson.keyPoints, lesson.lessonTitle]);
  const seen = new Set<string>();
  const pool: Candidate[] = [];
  for (const text of texts) {
    for (const match of text.matchAll(WORD)) {
      const term = match[0];
      if (!isMeaningfulWord(term) || /^\d+$/.test(term)) continue;
      const key = wordKeysOf(term)[0];
      if (seen.has(key)) continue;
      seen.add(key);
      pool.push({ term, key });
    }
  }
  return pool;
}

/** The shape of a word: script, capitals, digits. A wrong option should look like the answer. */
function likeness(answer: string, option: string): number {
  if (ARABIC.test(answer) !== ARABIC.test(option)) return -Infinity;
  let score = 0;
  if (/^\p{Lu}/u.test(answer) === /^\p{Lu}/u.test(option)) score += 1;
  if (/^\p{Lu}{2,}$/u.test(answer) === /^\p{Lu}{2,}$/u.test(option)) score += 1;
  if (/\d/.test(answer) === /\d/.test(option)) score += 0.5;
  // Arabic: the article as the answer has it, and no conjunction the answer lacks ("وبشكل").
  if (/^ال/.test(answer) === /^ال/.test(option)) score += 1.5;
  if (/^[وف]/.test(option) && !/^[وف]/.test(answer)) score -= 2;
  return score - Math.abs(answer.length - option.length) / 6;
}

/** A stable order of the options, so the right one is not always first (and the same passage gives the same quiz). */
function stableShuffle<T>(items: readonly T[], seed: string): T[] {
  let hash = 0;
  for (const character of seed) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  return items
    .map((item, index) => ({ item, order: (hash ^ ((index + 1) * 2654435761)) >>> 0 }))
    .sort((a, b) => a.order - b.order)
    .map(({ item }) => item);
}

function quiz(reading: PassageReading, wording: HelperWording): string[] {
  const { passage } = reading.request;
  const source: LessonSource = {
    origin: 'catalog',
    courseTitle: passage.courseTitle,
    lessonTitle: passage.lessonTitle,
    content: passage.text,
    keyPoints: [],
    activities: [],
  };
  // Key points first (what the lesson means you to keep), then its most informative sentences.
  const statements: QuizStatement[] = [...reading.keyPoints, ...reading.keySentences(8)].map((text) => ({ text, source }));
  const pool = wrongOptionPool(reading);
  const lines = [heading(wording.quiz.title, reading), '', wording.quiz.instructions];
  const answers: string[] = [];
  for (const question of buildQuizQuestions(statements, reading.focus, reading.language, MAX_QUESTIONS * 2)) {
    if (answers.length === MAX_QUESTIONS) break;
    const answerKeys = new Set(wordKeysOf(question.answer));
    const statementKeys = keySetOf(question.statement);
    const wrong = pool
      .filter((candidate) => !answerKeys.has(candidate.key) && !statementKeys.has(candidate.key))
      .map((candidate) => ({ ...candidate, score: likeness(question.answer, candidate.term) }))
      .filter((candidate) => candidate.score > -Infinity)
      .sort((a, b) => b.score - a.score)
      .slice(0, WRONG_OPTIONS)
      .map((candidate) => candidate.term);
    if (wrong.length < 2) continue;
    const options = stableShuffle([question.answer, ...wrong], question.statement);
    const right = options.indexOf(question.answer);
    const number = answers.length + 1;
    lines.push('', `**${number}.** ${question.question.replace(BLANK, '\\_\\_\\_\\_\\_')}`, '', ...options.map((option, index) => `- ${LETTERS[index]}) ${option}`));
    answers.push(`${number}. ${LETTERS[right]}) ${question.answer} — ${question.statement}`);
  }
  if (answers.length < MIN_QUESTIONS) {
    // Too few related lessons to draw wrong options from: the questions stay, as fill-in-the-blank.
    const open = buildQuizQuestions(statements, reading.focus, reading.language, MAX_QUESTIONS).slice(0, MAX_QUESTIONS);
    lines.splice(3);
    answers.length = 0;
    open.forEach((question, index) => {
      lines.push('', `**${index + 1}.** ${question.question.replace(BLANK, '\\_\\_\\_\\_\\_')}`);
      answers.push(`${index + 1}. ${question.answer} — ${question.statement}`);
    });
  }
  lines.push('', `### ${wording.quiz.answers}`, '', ...answers);
  return lines;
}

/* ---------------------------------------------------------------- Deep understanding */

function deepAnalysis(reading: PassageReading, wording: HelperWording): string[] {
  const words = wording.analysis;
  const { language } = reading;
  const lines = [heading(words.title, reading), '', `### ${words.concepts}`, ''];
  for (const concept of reading.concepts) {
    const kind = concept.kind === 'skill' ? words.skill : words.term;
    lines.push(`- **${concept.label}** (${kind})${concept.evidence ? ` — ${concept.evidence}` : ''}`);
  }
  lines.push('', `### ${words.relations}`, '');
  const relations: string[] = [];
  for (const concept of reading.concepts) {
    const skill = concept.skill;
    if (!skill) continue;
    if (skill.broader !== undefined) {
      const broader = skillLabel(reading.expander.skill(skill.broader), language);
      relations.push(`- ${words.partOf(concept.label, broader)} ${words.knowFirst(broader)}`);
    }
    const narrower = reading.expander.narrowerOf(skill.id).slice(0, 6).map((id) => skillLabel(reading.expander.skill(id), language));
    if (narrower.length > 0) relations.push(`- ${words.narrower(concept.label, narrower.join(language === 'ar' ? '، ' : ', '))}`);
  }
  lines.push(...(relations.length > 0 ? relations : [words.noRelations]));
  lines.push('', `### ${words.deeper}`, '');
  const deeper = reading.request.deeperCourses;
  lines.push(...(deeper.length > 0 ? deeper.map((course) => `- **${course.title}** (${course.level})${course.skills.length > 0 ? ` — ${course.skills.join(', ')}` : ''}`) : [words.noDeeper]));
  const related = reading.request.relatedLessons.slice(0, 5);
  if (related.length > 0) lines.push('', `### ${words.relatedLessons}`, '', ...related.map((lesson) => `- ${lesson.lessonTitle} — ${lesson.courseTitle}`));
  return lines;
}

/* ---------------------------------------------------------------- Creative thinking */

function scenarios(reading: PassageReading, wording: HelperWording): string[] {
  const words = wording.scenarios;
  const role = reading.request.jobRole?.trim() || undefined;
  const lines = [heading(words.title(role), reading)];
  if (role === undefined) lines.push('', `> ${words.general}`);
  const ideas = reading.keyPoints.length > 0 ? reading.keyPoints : reading.keySentences(MAX_SCENARIOS);
  const concepts = reading.concepts.length > 0 ? reading.concepts : [{ label: reading.request.passage.lessonTitle, kind: 'term' as const, keys: new Set<string>() }];
  const used = new Set<string>();
  ideas.slice(0, MAX_SCENARIOS).forEach((idea, index) => {
    // The concept the idea is about, else the next one not used yet.
    const concept =
      concepts.find((candidate) => !used.has(candidate.label) && [...candidate.keys].some((key) => keySetOf(idea).has(key))) ??
      concepts.find((candidate) => !used.has(candidate.label)) ??
      concepts[index % concepts.length];
    used.add(concept.label);
    const activity = reading.activities[index];
    lines.push('', `### ${words.scenario(index + 1, concept.label)}`, '', `${words.situation(role)} “${idea}”`);
    if (activity !== undefined) lines.push('', `**${words.task}** ${activity}`);
    lines.push('', words.think(concept.label));
  });
  return lines;
}

/* ---------------------------------------------------------------- Visual expansion */

function visualOutline(reading: PassageReading, wording: HelperWording): string[] {
  const words = wording.visual;
  const { passage } = reading.request;
  const lines = [heading(words.title, reading), '', `- **${passage.lessonTitle || passage.courseTitle}**`];
  const placed = new Set<string>();
  for (const concept of reading.concepts) {
    lines.push(`  - **${concept.label}**`);
    for (const point of reading.keyPoints) {
      if (placed.has(point) || ![...concept.keys].some((key) => keySetOf(point).has(key))) continue;
      placed.add(point);
      lines.push(`    - ${point}`);
    }
    if (concept.skill) {
      const related = [
        ...(concept.skill.broader !== undefined ? [`${skillLabel(reading.expander.skill(concept.skill.broader), reading.language)} (${words.broader})`] : []),
        ...reading.expander
          .narrowerOf(concept.skill.id)
          .slice(0, 4)
          .map((id) => `${skillLabel(reading.expander.skill(id), reading.language)} (${words.narrower})`),
      ];
      if (related.length > 0) lines.push(`    - ${words.relatedSkills}: ${related.join(reading.language === 'ar' ? '، ' : ', ')}`);
    }
  }
  const rest = reading.keyPoints.filter((point) => !placed.has(point));
  if (rest.length > 0) lines.push(`  - **${words.otherIdeas}**`, ...rest.map((point) => `    - ${point}`));
  return lines;
}

/* ---------------------------------------------------------------- Hands-on practice */

function exercises(reading: PassageReading, wording: HelperWording): string[] {
  const words = wording.exercises;
  const skills = reading.concepts.filter((concept) => concept.kind === 'skill');
  const tasks = reading.activities.length > 0 ? reading.activities : reading.keyPoints;
  const lines = [heading(words.title, reading)];
  tasks.slice(0, MAX_EXERCISES).forEach((task, index) => {
    const taskKeys = keySetOf(task);
    const overlap = (text: string) => [...keySetOf(text)].filter((key) => taskKeys.has(key)).length;
    const best = (texts: readonly string[]) => [...texts].sort((a, b) => overlap(b) - overlap(a))[0];
    const review = best(reading.sentences.filter((sentence) => overlap(sentence) > 0)) ?? reading.keySentences(1)[0];
    const checks = reading.keyPoints.filter((point) => point !== task && overlap(point) > 0).slice(0, 3);
    const steps = [review !== undefined ? `${words.review} “${review}”` : undefined, task, skills.length > 0 ? words.apply(conceptNames(skills, reading.language)) : undefined].filter(
      (step): step is string => step !== undefined,
    );
    lines.push('', `### ${words.exercise(index + 1)}: ${task}`, '', `**${words.steps}**`, '', ...steps.map((step, at) => `${at + 1}. ${step}`));
    const toCheck = checks.length > 0 ? checks : reading.keyPoints.filter((point) => point !== task).slice(0, 2);
    if (toCheck.length > 0) lines.push('', `**${words.check}**`, '', ...toCheck.map((point) => `- [ ] ${point}`));
  });
  return lines;
}
