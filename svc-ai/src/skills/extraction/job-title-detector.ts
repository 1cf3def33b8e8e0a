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
    if (ROLE_NOUNS.has(normaliseEnglishWord(token.text))) return true;
  }
  return false;
}
