import { Taxonomy } from '../taxonomy/taxonomy';
import { verbObjectVariants, verbOfActivity } from './derived-aliases';
import { arabicAliasKey, arabicWordForms, attachedParticleLength } from './arabic-normaliser';
import { normaliseEnglishTerm, normaliseEnglishWord } from './english-normaliser';
import { actsAsVerb, isActionVerb } from './action-verbs';
import { Token, tokenise } from './tokeniser';

/** One way of writing a skill, as registered in the trie. */
export interface AliasEntry {
  skillId: string;
  alias: string;
  tokenCount: number;
  caseSensitive: boolean;
  /** The alias is the skill's own English or Arabic name. */
  canonical: boolean;
  /** The alias is a reading derived from the taxonomy's ("manage stakeholders" from "stakeholder management"). */
  derived: boolean;
  /** A bare verb ("mentor" for "Mentoring"): it counts only where it acts as a verb with an object. */
  asVerbOnly: boolean;
}

/** A run of tokens that spells a skill. */
export interface TermMatch {
  entry: AliasEntry;
  /** Token indexes, end exclusive. */
  firstToken: number;
  endToken: number;
  /** Offsets into the original text, end exclusive. */
  start: number;
  end: number;
}

interface TrieNode {
  children: Map<string, TrieNode>;
  /** Aliases that end here; the first is the one reported. */
  entries: AliasEntry[];
}

/** Prefix of a key that only matches a word written in exactly this case. */
const CASE_SENSITIVE_KEY = '\u0001';
/** Prefix of the key of a one-word English alias, compared without folding verb inflection. */
const ONE_WORD_KEY = '\u0002';

/**
 * Words that are never a skill alone, whatever case they are written in: a taxonomy alias made only
 * of them ("IT", "Go", "R" written as plain aliases) would fire on every sentence, so it is ignored;
 * such skills match through their case-sensitive aliases instead.
 */
const STOP_WORDS = new Set(
  ('a an and are as at be by can do for from go has have i if in is it its me my no not of on one or our out so that ' +
    'the this to up us use we will with you your all any may more most new other some such than then there these they ' +
    'who what when where which while how work well make get good best')
    .split(' '),
);

/**
 * A verb-led alias ("manage budgets", "lead teams") also matches with a few modifiers between the
 * verb and its object ("managing multi-million dollar budgets", "lead cross-functional teams").
 */
const MAX_OBJECT_MODIFIERS = 2;
/** Words that cannot be such a modifier: they start another phrase rather than qualify the object. */
const NOT_MODIFIERS = new Set(
  ('and or but nor of for in with to on at by from as into across within about via through that which who whom whose ' +
    'where when while if so than then is are was were be been being will would should can could may might must')
    .split(' '),
);

function isModifier(token: Token): boolean {
  return !token.breakBefore && /^\p{L}[\p{L}'’-]*$/u.test(token.text) && !NOT_MODIFIERS.has(token.text.toLowerCase()) && !isActionVerb(token);
}

/** A verb form acting as a verb and followed, in the same phrase, by its object. */
function takesAnObject(tokens: readonly Token[], verb: number): boolean {
  const next = tokens[verb + 1];
  return actsAsVerb(tokens, verb) && next !== undefined && !next.breakBefore && /^\p{L}/u.test(next.text);
}

function newNode(): TrieNode {
  return { children: new Map(), entries: [] };
}

/** The keys a word of a posting may match: each reading of an Arabic word, or an English word's stem and its exact spelling. */
function formsOf(token: Token): readonly string[] {
  if (token.arabic) return arabicWordForms(token.text);
  return [normaliseEnglishWord(token.text), ONE_WORD_KEY + normaliseEnglishTerm(token.text), CASE_SENSITIVE_KEY + token.text];
}

function aliasKeys(tokens: readonly Token[], caseSensitive: boolean): string[] {
  return tokens.map((token) => {
    if (caseSensitive) return CASE_SENSITIVE_KEY + token.text;
    if (token.arabic) return arabicAliasKey(token.text);
    return tokens.length === 1 ? ONE_WORD_KEY + normaliseEnglishTerm(token.text) : normaliseEnglishWord(token.text);
  });
}

/**
 * Finds taxonomy terms in tokenised text. Every alias is inserted once into a trie keyed by
 * normalised words; matching walks the trie from each token, so the cost grows with the text, not
 * with the size of the taxonomy. Overlapping matches resolve to the longest ("machine learning
 * engineering" over "machine learning").
 */
export class SkillMatcher {
  private readonly root = newNode();

  private constructor() {}

  static fromTaxonomy(taxonomy: Taxonomy): SkillMatcher {
    const matcher = new SkillMatcher();
    for (const skill of taxonomy.skills) {
      // A name that is an ordinary word ("Go", "React", "Excel") is listed as case-sensitive: then only that case matches.
      if (!skill.caseSensitiveAliases.includes(skill.name)) matcher.add(skill.id, skill.name, false, true);
      matcher.add(skill.id, skill.nameAr, false, true);
      for (const alias of [...skill.aliases, ...skill.aliasesAr]) matcher.add(skill.id, alias, false, false);
      for (const alias of skill.caseSensitiveAliases) matcher.add(skill.id, alias, true, alias === skill.name);
    }
    // Derived readings come last, so a phrase the taxonomy gives one skill is never taken by another's derivation.
    for (const skill of taxonomy.skills) {
      for (const alias of [skill.name, ...skill.aliases]) {
        for (const variant of verbObjectVariants(alias)) matcher.add(skill.id, variant, false, false, true);
        const verb = verbOfActivity(alias);
        if (verb !== undefined) matcher.add(skill.id, verb, false, false, true, true);
      }
    }
    return matcher;
  }

  private add(skillId: string, alias: string, caseSensitive: boolean, canonical: boolean, derived = false, asVerbOnly = false): void {
    // "front-end" also registers "frontend"; its split form already matches "front end" and "front-end".
    const spellings = new Set([alias, alias.replace(/(\p{L})-(\p{L})/gu, '$1$2')]);
    for (const spelling of spellings) {
      const tokens = tokenise(spelling);
      if (tokens.length === 0) continue;
      if (!caseSensitive && tokens.length === 1 && (STOP_WORDS.has(tokens[0].text.toLowerCase()) || tokens[0].text.length === 1)) {
        continue;
      }
      let node = this.root;
      for (const key of aliasKeys(tokens, caseSensitive)) {
        let child = node.children.get(key);
        if (!child) {
          child = newNode();
          node.children.set(key, child);
        }
        node = child;
      }
      if (node.entries.some((entry) => entry.skillId === skillId)) continue;
      // A derived reading never shares a phrase: if the taxonomy already gives it to a skill, that one keeps it.
      if (derived && node.entries.length > 0) continue;
      const entry: AliasEntry = { skillId, alias: spelling, tokenCount: tokens.length, caseSensitive, canonical, derived, asVerbOnly };
      // The skill whose own name this is wins a shared alias; otherwise the first registered.
      if (canonical && !node.entries[0]?.canonical) node.entries.unshift(entry);
      else node.entries.push(entry);
    }
  }

  /** Every non-overlapping term in the tokens, in text order. */
  match(tokens: readonly Token[]): TermMatch[] {
    const candidates: TermMatch[] = [];
    const forms = tokens.map(formsOf);
    for (let first = 0; first < tokens.length; first++) {
      this.walk(this.root, tokens, forms, first, first, candidates);
    }
    candidates.sort((a, b) => b.endToken - b.firstToken - (a.endToken - a.firstToken) || a.firstToken - b.firstToken);
    const taken = new Uint8Array(tokens.length);
    const chosen: TermMatch[] = [];
    for (const candidate of candidates) {
      let free = true;
      for (let index = candidate.firstToken; index < candidate.endToken && free; index++) free = taken[index] === 0;
      if (!free) continue;
      taken.fill(1, candidate.firstToken, candidate.endToken);
      chosen.push(candidate);
    }
    return chosen.sort((a, b) => a.firstToken - b.firstToken);
  }

  private walk(
    node: TrieNode,
    tokens: readonly Token[],
    forms: ReadonlyArray<readonly string[]>,
    first: number,
    next: number,
    found: TermMatch[],
    start = tokens[first].start,
  ): void {
    if (next >= tokens.length || (next > first && tokens[next].breakBefore)) return;
    const seen = new Set<TrieNode>();
    for (const form of forms[next]) {
      const child = node.children.get(form);
      if (!child || seen.has(child)) continue;
      seen.add(child);
      // Evidence starts after an Arabic word's attached particles ("و" in "وحماية البيانات").
      const termStart = next === first && tokens[first].arabic ? tokens[first].start + attachedParticleLength(tokens[first].text, form) : start;
      if (child.entries.length > 0 && (!child.entries[0].asVerbOnly || takesAnObject(tokens, first))) {
        found.push({ entry: child.entries[0], firstToken: first, endToken: next + 1, start: termStart, end: tokens[next].end });
      }
      this.walk(child, tokens, forms, first, next + 1, found, termStart);
      if (next === first && child.children.size > 0 && actsAsVerb(tokens, first)) {
        for (let skipped = 1; skipped <= MAX_OBJECT_MODIFIERS && next + skipped < tokens.length; skipped++) {
          if (!isModifier(tokens[next + skipped])) break;
          this.walk(child, tokens, forms, first, next + 1 + skipped, found, termStart);
        }
      }
    }
  }

  /**
   * The skill a whole phrase names, if the phrase is exactly one of its spellings ("Kubernetes",
   * "k8s", "إدارة المشاريع"). Used to map a model's proposal onto the taxonomy.
   */
  skillNamedBy(phrase: string): string | undefined {
    const tokens = tokenise(phrase);
    if (tokens.length === 0) return undefined;
    const matches = this.match(tokens.map((token, index) => ({ ...token, breakBefore: index === 0 })));
    const whole = matches.find((match) => match.firstToken === 0 && match.endToken === tokens.length);
    return whole?.entry.skillId;
  }
}
