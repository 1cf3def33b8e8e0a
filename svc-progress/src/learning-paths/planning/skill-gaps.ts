import {
  TARGET_LEVEL_BY_IMPORTANCE,
  highestSkillLevel,
  skillLevelRank,
  type ExtractedSkill,
  type GapPriority,
  type SkillGap,
  type SkillImportance,
  type SkillLevel,
} from '@masar/contracts';

/** How skill names compare everywhere in planning: "  Python " and "python" are one skill. */
export function skillKey(name: string): string {
  return name.trim().toLowerCase();
}

/** True when the learner is below the level the job expects. */
export function isGap(currentLevel: SkillLevel, targetLevel: SkillLevel): boolean {
  return skillLevelRank(currentLevel) < skillLevelRank(targetLevel);
}

/** Required skills far below target come first; a nice-to-have one just short of it last. */
export function gapPriority(importance: SkillImportance, levelsShort: number): GapPriority {
  if (importance === 'required') return levelsShort >= 2 ? 'high' : 'medium';
  return levelsShort >= 2 ? 'medium' : 'low';
}

/** One collator for every comparison: `localeCompare(b, 'en')` builds a new one each call. */
const SKILL_NAME_ORDER = new Intl.Collator('en');

const PRIORITY_ORDER: Record<GapPriority, number> = { high: 0, medium: 1, low: 2 };

/** Sorts gaps most urgent first; used wherever gaps are ranked. */
export function compareGapPriority(a: GapPriority, b: GapPriority): number {
  return PRIORITY_ORDER[a] - PRIORITY_ORDER[b];
}

/**
 * The job's confirmed skills the learner does not yet hold at the level the job expects, most urgent
 * first. A skill listed twice counts once; if either listing says required, it is required, and the
 * higher expected level of the two is its target.
 * `currentLevels` may be keyed by any spelling of the skill name.
 */
export function analyseSkillGaps(
  confirmedSkills: ExtractedSkill[],
  currentLevels: ReadonlyMap<string, SkillLevel>,
): SkillGap[] {
  const levelByKey = new Map<string, SkillLevel>();
  for (const [name, level] of currentLevels) levelByKey.set(skillKey(name), level);

  const skillsByKey = new Map<string, { skill: ExtractedSkill; importance: SkillImportance; level?: SkillLevel }>();
  for (const skill of confirmedSkills) {
    const key = skillKey(skill.name);
    if (key === '') continue;
    const importance = skill.importance ?? 'required';
    const seen = skillsByKey.get(key);
    if (!seen) skillsByKey.set(key, { skill, importance, level: skill.level });
    else {
      if (importance === 'required') seen.importance = 'required';
      seen.level = highestSkillLevel([seen.level, skill.level]);
    }
  }

  const gaps: SkillGap[] = [];
  for (const [key, { skill, importance, level }] of skillsByKey) {
    const currentLevel = levelByKey.get(key) ?? 'none';
    // The level the posting (or its reviewer) expects; postings read before levels were, by importance.
    const targetLevel = level ?? TARGET_LEVEL_BY_IMPORTANCE[importance];
    if (!isGap(currentLevel, targetLevel)) continue;
    const levelsShort = skillLevelRank(targetLevel) - skillLevelRank(currentLevel);
    gaps.push({
      skill: skill.name.trim(),
      ...(skill.nameAr === undefined ? {} : { skillAr: skill.nameAr }),
      category: skill.category,
      importance,
      currentLevel,
      targetLevel,
      priority: gapPriority(importance, levelsShort),
    });
  }
  return gaps.sort((a, b) => compareGapPriority(a.priority, b.priority) || SKILL_NAME_ORDER.compare(a.skill, b.skill));
}
