import { actsAsVerb } from './action-verbs';
import { normaliseEnglishWord } from './english-normaliser';
import { arabicWordForms } from './arabic-normaliser';
import { TermMatch } from './skill-matcher';
import { Token } from './tokeniser';

/** Nouns that name a role: a skill right before one is part of a job title ("Java Developer"). */
const ROLE_NOUNS = new Set(
  (
    'engineer developer programmer architect manager specialist analyst consultant scientist designer administrator ' +
    'lead officer director technician tester coordinator assistant intern expert head owner advisor associate ' +
    'executive representative researcher instructor trainer teacher accountant auditor'
  )
    .split(' ')
    .map(normaliseEnglishWord),
);
/** Arabic role nouns, which come BEFORE the skill ("مهندس برمجيات", "مطور بايثون"). */
const ARABIC_ROLE_NOUNS = new Set(['مهندس', 'مطور', 'مبرمج', 'مدير', 'محلل', 'اخصايي', 'مصمم', 'مستشار', 'خبير', 'مسوول', 'مشرف', 'فني']);
const ROLE_WINDOW = 2;

function isPlural(word: string): boolean {
  return /[^s]s$/i.test(word);
}

/** Words after which a plural role names people the job works with ("work with data analysts"). */
const GOVERNING_PREPOSITIONS = new Set('with to for among alongside other fellow'.split(' '));

/**
 * Whether the phrase is the object of a verb or preposition ("mentoring junior engineers", "work
 * with data analysts"): a plural role there names other people, not the job's title ("Python
 * Developers wanted" stays a title).
 */
function isGoverned(tokens: readonly Token[], match: TermMatch): boolean {
  if (actsAsVerb(tokens, match.firstToken)) return true;
  const before = tokens[match.firstToken - 1];
  if (before === undefined || tokens[match.firstToken].breakBefore) return false;
  return GOVERNING_PREPOSITIONS.has(before.text.toLowerCase()) || actsAsVerb(tokens, match.firstToken - 1);
}

/**
 * Whether a term is part of a job title: "Site Reliability Engineer", "Senior DevOps Engineer",
 * "مطور بايثون". A title names the role, not a requirement, so such a mention is not evidence on
 * its own (the caller keeps it when the sentence asks for the skill, "5 years as a Java developer").
 */
export function isPartOfJobTitle(tokens: readonly Token[], match: TermMatch): boolean {
  if (tokens[match.firstToken].arabic) {
    const before = tokens[match.firstToken - 1];
    return (
      before !== undefined &&
      !tokens[match.firstToken].breakBefore &&
      arabicWordForms(before.text).some((form) => ARABIC_ROLE_NOUNS.has(form))
    );
  }
  for (let index = match.endToken; index < Math.min(tokens.length, match.endToken + ROLE_WINDOW); index++) {
    const token = tokens[index];
    if (token.breakBefore) return false;
    if (ROLE_NOUNS.has(normaliseEnglishWord(token.text))) return !(isPlural(token.text) && isGoverned(tokens, match));
  }
  return false;
}
