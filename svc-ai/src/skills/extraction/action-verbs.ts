import { normaliseEnglishWord } from './english-normaliser';
import { Token } from './tokeniser';

/**
 * Action verbs that take a skill as their object in postings ("design APIs", "maintaining
 * pipelines"), matched in any inflection through the normaliser.
 */
const ACTION_VERBS = new Set(
  (
    'analyse apply architect assess audit automate build coach collaborate communicate conduct configure coordinate ' +
    'create debug define deliver deploy design develop document drive ensure establish evaluate execute facilitate ' +
    'gather guide handle identify implement improve integrate investigate lead leverage maintain manage mentor ' +
    'migrate model monitor negotiate operate optimize organize oversee own perform plan prepare present prioritize ' +
    'produce promote provide refactor report research resolve review run scale secure set shape solve specify ' +
    'streamline support test train translate troubleshoot use utilize validate write work learn teach sell motivate ' +
    'inspire influence adapt contribute partner engage share foster'
  )
    .split(' ')
    .map(normaliseEnglishWord),
);

/** Whether a word is one of those verbs, in any regular inflection ("designing", "managed"; irregular "built" is not folded). */
export function isActionVerbWord(word: string): boolean {
  return /^[A-Za-z]+$/.test(word) && ACTION_VERBS.has(normaliseEnglishWord(word));
}

export function isActionVerb(token: Token): boolean {
  return !token.arabic && isActionVerbWord(token.text);
}

/** Articles and possessives: a verb form right after one is used as a noun or adjective ("a leading company", "our research"). */
const DETERMINERS = new Set('a an the our your their its his her this that these those every each'.split(' '));

/**
 * Whether the token at `index` acts as a verb: an action verb not used as a noun or adjective
 * after a determiner ("the research group", "a leading provider").
 */
export function actsAsVerb(tokens: readonly Token[], index: number): boolean {
  const token = tokens[index];
  if (!isActionVerb(token)) return false;
  const before = tokens[index - 1];
  return before === undefined || token.breakBefore || !DETERMINERS.has(before.text.toLowerCase());
}
