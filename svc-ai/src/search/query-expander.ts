import { ExpandSearchQueryReply } from '@masar/contracts';
import { arabicAliasKey, arabicWordForms } from '../skills/extraction/arabic-normaliser';
import { normaliseEnglishWord } from '../skills/extraction/english-normaliser';
import { SkillMatcher } from '../skills/extraction/skill-matcher';
import { tokenise } from '../skills/extraction/tokeniser';
import { detectLanguage } from '../skills/language-detector';
import { Taxonomy, TaxonomySkill } from '../skills/taxonomy/taxonomy';
import { isMeaningfulWord } from './matching-words';

/** Broader and narrower skills returned at most (a field such as "Programming" has dozens of narrower ones). */
export const MAX_RELATED_SKILLS = 12;
/** A first word shorter than this never stands for a whole alias ("data", "web" are everywhere anyway). */
const MIN_LEADING_WORD_LENGTH = 4;

/** Every spelling of a skill in both languages, each once. */
export function spellingsOf(skill: TaxonomySkill): string[] {
  return [...new Set([skill.name, skill.nameAr, ...skill.aliases, ...skill.aliasesAr, ...skill.caseSensitiveAliases])];
}

function leadingKeysOf(word: string): string[] {
  return /[\u0600-\u06FF]/.test(word) ? arabicWordForms(word) : [normaliseEnglishWord(word)];
}

/**
 * Reads a search query through the skill taxonomy: which skills it names, by any spelling in either
 * language. A query is not a posting: there are no sections or sentence cues to weigh, and no
 * posting-level confidence filter applies. Two readings only a query gets:
 * - a spelling the taxonomy keeps case-sensitive ("Excel", "Word") matches in any case when it is a
 *   whole word of the query: nobody types "excel" in a search box meaning "to excel";
 * - a word left over that is the first word of one skill's spellings and of no other's ("pivot" for
 *   Pivot Tables) names that skill: a short query is often the start of a term.
 */
export class QueryExpander {
  private constructor(
    private readonly taxonomy: Taxonomy,
    private readonly matcher: SkillMatcher,
    private readonly anyCaseAliases: ReadonlyMap<string, string>,
    private readonly skillsByLeadingWord: ReadonlyMap<string, ReadonlySet<string>>,
    private readonly narrower: ReadonlyMap<string, readonly string[]>,
  ) {}

  static fromTaxonomy(taxonomy: Taxonomy, matcher = SkillMatcher.fromTaxonomy(taxonomy)): QueryExpander {
    const anyCase = new Map<string, string>();
    const byLeadingWord = new Map<string, Set<string>>();
    const narrower = new Map<string, string[]>();
    for (const skill of taxonomy.skills) {
      for (const alias of skill.caseSensitiveAliases) {
        const key = alias.toLowerCase();
        if (/^\p{L}{3,}$/u.test(alias) && isMeaningfulWord(alias) && !anyCase.has(key)) anyCase.set(key, skill.id);
      }
      for (const spelling of spellingsOf(skill)) {
        const tokens = tokenise(spelling);
        if (tokens.length < 2) continue;
        const first = tokens[0].text;
        const key = first.match(/[\u0600-\u06FF]/) ? arabicAliasKey(first) : normaliseEnglishWord(first);
        const skills = byLeadingWord.get(key) ?? new Set<string>();
        skills.add(skill.id);
        byLeadingWord.set(key, skills);
      }
      if (skill.broader !== undefined) narrower.set(skill.broader, [...(narrower.get(skill.broader) ?? []), skill.id]);
    }
    return new QueryExpander(taxonomy, matcher, anyCase, byLeadingWord, narrower);
  }

  expand(query: string): ExpandSearchQueryReply {
    const ids = this.skillIdsNamedBy(query);
    const skills = ids.map((id) => this.skill(id));
    const related: TaxonomySkill[] = [];
    const seen = new Set(ids);
    const add = (id: string | undefined) => {
      if (id === undefined || seen.has(id)) return;
      seen.add(id);
      related.push(this.skill(id));
    };
    for (const skill of skills) add(skill.broader);
    for (const skill of skills) for (const id of this.narrower.get(skill.id) ?? []) add(id);
    return {
      language: detectLanguage(query),
      skills: skills.map((skill) => ({ id: skill.id, name: skill.name, nameAr: skill.nameAr, terms: spellingsOf(skill) })),
      relatedSkills: related.slice(0, MAX_RELATED_SKILLS).map((skill) => ({ name: skill.name, nameAr: skill.nameAr })),
    };
  }

  /** The taxonomy ids of the skills a query names, in the order it names them. */
  skillIdsNamedBy(query: string): string[] {
    return this.skillIdsIn(query, true);
  }

  /** The skills a sentence of lesson text mentions: whole spellings as the taxonomy has them (a lesson's "pivot" may be a verb, its "excel" one too). */
  skillIdsMentionedIn(text: string): string[] {
    return this.skillIdsIn(text, false);
  }

  private skillIdsIn(query: string, queryReadings: boolean): string[] {
    const tokens = tokenise(query);
    const covered = new Uint8Array(tokens.length);
    const found: Array<{ id: string; at: number }> = [];
    for (const match of this.matcher.match(tokens)) {
      covered.fill(1, match.firstToken, match.endToken);
      found.push({ id: match.entry.skillId, at: match.firstToken });
    }
    tokens.forEach((token, index) => {
      if (!queryReadings || covered[index] || !isMeaningfulWord(token.text)) return;
      const anyCase = this.anyCaseAliases.get(token.text.toLowerCase());
      if (anyCase !== undefined) {
        found.push({ id: anyCase, at: index });
        return;
      }
      if (token.text.length < MIN_LEADING_WORD_LENGTH) return;
      const skills = new Set(leadingKeysOf(token.text).flatMap((key) => [...(this.skillsByLeadingWord.get(key) ?? [])]));
      if (skills.size === 1) found.push({ id: [...skills][0], at: index });
    });
    return [...new Set(found.sort((a, b) => a.at - b.at).map(({ id }) => id))];
  }

  skill(id: string): TaxonomySkill {
    const skill = this.taxonomy.byId.get(id);
    if (!skill) throw new Error(`Unknown taxonomy skill ${id}`);
    return skill;
  }

  /** Skills narrowing `id`. */
  narrowerOf(id: string): readonly string[] {
    return this.narrower.get(id) ?? [];
  }
}
