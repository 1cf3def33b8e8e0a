import { normaliseEnglishWord } from './english-normaliser';
import { actsAsVerb } from './action-verbs';
import { TextSpan } from './sentence-splitter';
import { TermMatch } from './skill-matcher';
import { Token } from './tokeniser';

/**
 * Widens a matched term to the phrase that asks for the skill, the unit a reviewer reads and
 * the one annotated skill corpora use: for a competence, the verb phrase around it, from the
 * governing verb (with verbs coordinated to it) through its object ("write and maintain technical
 * documentation" around "technical documentation"); for knowledge, the noun phrase ("cloud
 * platforms" around "cloud", "CI/CD pipelines" around "CI/CD"), and always whole written words
 * ("JavaScript/Node.js"). English only: an Arabic posting keeps the exact term. The rules are
 * grammatical, not a list of postings' phrases.
 */

/** Generic nouns that head a compound whose modifier is the skill: "Kubernetes clusters", "testing frameworks". */
const HEAD_NOUNS = new Set(
  (
    'tool tooling platform technology framework library service solution application system architecture pattern ' +
    'principle practice methodology concept pipeline infrastructure environment stack ecosystem'
  )
    .split(' ')
    .map(normaliseEnglishWord),
);

/** Words allowed between a verb and its object: articles, possessives and a couple of modifiers. */
const DETERMINERS = new Set('a an the our your their its this these those all any existing new'.split(' '));
/** A preposition between a verb and the skill means the skill is not its object ("understanding of containers"). */
const PREPOSITIONS = new Set('of for in with to on at by from as into across within about via through'.split(' '));
const COORDINATORS = new Set(['and', 'or', '&']);
const MAX_MODIFIERS = 2;
const MAX_HEAD_NOUNS = 2;

function keyOf(token: Token): string {
  return normaliseEnglishWord(token.text);
}

function isWordToken(token: Token): boolean {
  return !token.arabic && /^\p{L}[\p{L}'’-]*$/u.test(token.text);
}

function isVerb(tokens: readonly Token[], index: number): boolean {
  return isWordToken(tokens[index]) && actsAsVerb(tokens, index);
}

/** Extends right over the generic head nouns of the compound: "CI/CD" → "CI/CD pipelines". */
function extendRight(tokens: readonly Token[], endToken: number, sentenceEnd: number): number {
  let end = endToken;
  for (let index = endToken; index < tokens.length && end - endToken < MAX_HEAD_NOUNS; index++) {
    const token = tokens[index];
    if (token.breakBefore || token.start >= sentenceEnd || !isWordToken(token) || !HEAD_NOUNS.has(keyOf(token))) break;
    end = index + 1;
  }
  return end;
}

/** Takes in verbs coordinated with the one at `verb`: "write and maintain", "design, build and run". */
function withCoordinatedVerbs(tokens: readonly Token[], verb: number, sentenceStart: number): number {
  let start = verb;
  while (
    start >= 2 &&
    !tokens[start].breakBefore &&
    !tokens[start - 1].breakBefore &&
    COORDINATORS.has(tokens[start - 1].text.toLowerCase()) &&
    tokens[start - 2].start >= sentenceStart &&
    isVerb(tokens, start - 2)
  ) {
    start -= 2;
  }
  return start;
}

/**
 * Extends left to the verb that takes the skill as its object, with the verbs coordinated to it:
 * "technical documentation" → "write and maintain technical documentation". Without such a verb
 * within a couple of modifiers (and no preposition or conjunction between), the term stays as it is.
 */
function extendLeft(tokens: readonly Token[], firstToken: number, sentenceStart: number): number {
  if (isVerb(tokens, firstToken)) return withCoordinatedVerbs(tokens, firstToken, sentenceStart);
  let modifiers = 0;
  for (let index = firstToken - 1; index >= 0; index--) {
    const token = tokens[index];
    if (tokens[index + 1].breakBefore || token.start < sentenceStart) return firstToken;
    if (isVerb(tokens, index)) return withCoordinatedVerbs(tokens, index, sentenceStart);
    const word = token.text.toLowerCase();
    if (!isWordToken(token) || COORDINATORS.has(word) || PREPOSITIONS.has(word)) return firstToken;
    if (!DETERMINERS.has(word) && ++modifiers > MAX_MODIFIERS) return firstToken;
  }
  return firstToken;
}

export interface PhraseOptions {
  /**
   * Competences (functional, behavioural, compliance skills) are asked for as actions, so their
   * phrase starts at the verb; tools and technologies are knowledge, named by a noun phrase.
   */
  verbPhrase: boolean;
}

/** Words that open a new clause: a verb phrase's object ends before them. */
const CLAUSE_OPENERS = new Set('which that who whom whose where while when so because as if but although whereas since until unless e.g i.e'.split(' '));
const MAX_OBJECT_WORDS = 8;

/**
 * Extends right over the rest of a verb phrase: its object and complements ("work independently
 * and in teams", "present briefings to senior leaders"), up to punctuation, a clause opener, or a
 * coordinated verb that starts the next phrase.
 */
function extendObject(tokens: readonly Token[], endToken: number, sentenceEnd: number): number {
  let end = endToken;
  for (let index = endToken; index < tokens.length && index - endToken < MAX_OBJECT_WORDS; index++) {
    const token = tokens[index];
    if (token.breakBefore || token.start >= sentenceEnd || !isWordToken(token)) break;
    const word = token.text.toLowerCase();
    if (CLAUSE_OPENERS.has(word)) break;
    if (COORDINATORS.has(word) && index + 1 < tokens.length && isVerb(tokens, index + 1)) break;
    end = index + 1;
  }
  return end;
}

/** Two tokens written as one word: "JavaScript/Node.js", "Spring-Boot", "R&D". */
function glued(text: string, left: Token, right: Token): boolean {
  return /^[/\-.+&_]?$/.test(text.slice(left.end, right.start)) && !right.breakBefore;
}

/** Widens a span to whole written words, so "JavaScript" in "JavaScript/Node.js" is shown as the word it sits in. */
function wholeWords(text: string, tokens: readonly Token[], first: number, end: number): [number, number] {
  let start = first;
  let stop = end;
  while (start > 0 && glued(text, tokens[start - 1], tokens[start])) start--;
  while (stop < tokens.length && glued(text, tokens[stop - 1], tokens[stop])) stop++;
  return [start, stop];
}

/** Words after which a verb is in its infinitive or after a modal: "to collaborate", "will communicate". */
const INFINITIVE_MARKERS = new Set('to will must should can shall'.split(' '));
/** A word right after the verb that shows it is the subject, not an instruction: "Research is...", "Teaching will...". */
const AUXILIARIES = new Set('is are was were will would can could should may might must has have had be been'.split(' '));

/**
 * Whether the verb at `index` is an instruction or infinitive ("Collaborate with product owners",
 * "able to communicate with clients"): it opens its clause or follows "to" or a modal, and is not
 * the subject of a verb after it ("Research will be...").
 */
function isInstruction(tokens: readonly Token[], index: number, sentenceStart: number): boolean {
  const next = tokens[index + 1];
  if (next === undefined || next.breakBefore || !isWordToken(next) || AUXILIARIES.has(next.text.toLowerCase())) return false;
  const before = tokens[index - 1];
  if (before === undefined || tokens[index].breakBefore || before.end <= sentenceStart) return true;
  return INFINITIVE_MARKERS.has(before.text.toLowerCase());
}

export function extendToSkillPhrase(
  text: string,
  tokens: readonly Token[],
  match: TermMatch,
  sentence: TextSpan,
  options: PhraseOptions,
): TextSpan {
  if (tokens[match.firstToken].arabic) return { start: match.start, end: match.end };
  const [wordStart, wordEnd] = wholeWords(text, tokens, match.firstToken, match.endToken);
  const first = options.verbPhrase ? extendLeft(tokens, wordStart, sentence.start) : wordStart;
  // A one-word term that is itself a verb form ("research", "coaching") is as often a noun: its
  // phrase is widened only when a verb governs it or the term is a verb with its object ("lead teams").
  const isVerbPhrase =
    options.verbPhrase &&
    isVerb(tokens, first) &&
    (first < wordStart || match.endToken - match.firstToken > 1 || isInstruction(tokens, first, sentence.start));
  const end = isVerbPhrase ? extendObject(tokens, wordEnd, sentence.end) : extendRight(tokens, wordEnd, sentence.end);
  return { start: first === match.firstToken ? match.start : tokens[first].start, end: tokens[end - 1].end };
}
