import {
  type AnswerSearchReply,
  answerSearchRequestSchema,
  type ExpandSearchQueryReply,
  expandSearchQueryRequestSchema,
  languageOfLetters,
  searchKeysOf,
} from '@masar/contracts';

/**
 * What the svc-ai stand-in answers for course search: a few entries copied from svc-ai's taxonomy
 * (`svc-ai/src/skills/taxonomy/data`), matched on any spelling as svc-ai's expansion does, and an
 * extractive answer citing the passages it was given.
 */

interface StandInSkill {
  id: string;
  name: string;
  nameAr: string;
  aliases: string[];
  broader?: string;
}

export const STAND_IN_TAXONOMY: StandInSkill[] = [
  { id: 'technical.microsoft-excel', name: 'Microsoft Excel', nameAr: 'مايكروسوفت إكسل', aliases: ['excel', 'ms excel', 'إكسل'] },
  {
    id: 'technical.pivot-tables',
    name: 'Pivot Tables',
    nameAr: 'الجداول المحورية',
    aliases: ['pivot table', 'pivottables', 'pivot charts', 'pivotcharts', 'الجداول المحورية في إكسل'],
    broader: 'technical.microsoft-excel',
  },
  { id: 'technical.container-orchestration', name: 'Container Orchestration', nameAr: 'تنسيق الحاويات', aliases: [] },
  {
    id: 'technical.kubernetes',
    name: 'Kubernetes',
    nameAr: 'كوبرنيتيس',
    aliases: ['k8s', 'kube', 'kubectl', 'كوبرنيتس', 'كوبيرنيتيس'],
    broader: 'technical.container-orchestration',
  },
];

function spellingsOf(skill: StandInSkill): string[] {
  return [skill.name, skill.nameAr, ...skill.aliases];
}

function containsRun(words: string[], run: string[]): boolean {
  return run.length > 0 && words.some((_, at) => run.every((word, offset) => words[at + offset] === word));
}

export function standInExpansion(data: unknown): ExpandSearchQueryReply {
  const { query } = expandSearchQueryRequestSchema.parse(data);
  const words = searchKeysOf(query);
  const named = STAND_IN_TAXONOMY.filter((skill) => spellingsOf(skill).some((spelling) => containsRun(words, searchKeysOf(spelling))));
  const related = STAND_IN_TAXONOMY.filter(
    (skill) => !named.includes(skill) && named.some((found) => found.broader === skill.id || skill.broader === found.id),
  );
  return {
    language: languageOfLetters(query),
    skills: named.map((skill) => ({ id: skill.id, name: skill.name, nameAr: skill.nameAr, terms: spellingsOf(skill) })),
    relatedSkills: related.map((skill) => ({ name: skill.name, nameAr: skill.nameAr })),
  };
}

/** The stand-in's model name on search answers. */
export const STAND_IN_ANSWER_MODEL = 'stand-in-answerer-1';

export function standInAnswer(data: unknown): AnswerSearchReply {
  const request = answerSearchRequestSchema.parse(data);
  const words = new Set(searchKeysOf(request.query));
  const cited = request.passages
    .map((passage) => ({ n: passage.n, sentence: passage.text.split(/(?<=[.!?؟])\s+/).find((sentence) => searchKeysOf(sentence).some((word) => words.has(word))) }))
    .filter((found): found is { n: number; sentence: string } => found.sentence !== undefined);
  return {
    answer: cited.length > 0 ? cited.map((found) => `${found.sentence} [${found.n}]`).join(' ') : 'This is not covered in your library.',
    keyInsights: cited.slice(0, 3).map((found) => found.sentence),
    citations: cited.map((found) => found.n),
    covered: cited.length > 0,
    provider: 'offline',
    model: STAND_IN_ANSWER_MODEL,
  };
}
