import {
  CUSTOM_SKILL_CONFIDENCE,
  type ExpectedSkillLevel,
  type ExtractedSkill,
  type ReviewedSkillSet,
  type SaveReviewedSkillsBody,
} from '@masar/contracts';
import { rpcError } from '@masar/contracts/service-kit';

function keyOf(name: string): string {
  return name.trim().toLocaleLowerCase('en-US');
}

/**
 * Builds the reviewed set from what a reviewer sent and the skills svc-jobs extracted:
 * - approved and removed skills must be extracted ones (a 400 names the first unknown one);
 * - every extracted skill neither approved nor removed is kept as not approved;
 * - a custom skill named like an extracted one (ignoring case) approves that extracted skill,
 *   evidence and all, instead of adding a second one; other custom skills get confidence 1 and
 *   no evidence;
 * - a level the reviewer set (on an extracted skill, or on a custom skill) is the skill's expected level.
 */
export function buildReviewedSkillSet(
  extracted: readonly ExtractedSkill[],
  review: SaveReviewedSkillsBody,
  reviewedBy: string,
  reviewedAt: Date,
): ReviewedSkillSet {
  const extractedByKey = new Map(extracted.map((skill) => [keyOf(skill.name), skill]));
  const requireExtracted = (name: string) => {
    if (!extractedByKey.has(keyOf(name))) {
      throw rpcError(400, `"${name.trim()}" is not one of the skills extracted from this job description`);
    }
    return keyOf(name);
  };

  const approvedKeys = new Set(review.approvedSkills.map(requireExtracted));
  const removedKeys = new Set(review.removedSkills.map(requireExtracted));
  for (const name of review.removedSkills) {
    if (approvedKeys.has(keyOf(name))) {
      throw rpcError(400, `"${name.trim()}" cannot be both approved and removed`);
    }
  }

  // A level the reviewer chose replaces the one read from the posting; the last one named wins.
  const levelByKey = new Map<string, ExpectedSkillLevel>();
  for (const { name, level } of review.skillLevels) levelByKey.set(requireExtracted(name), level);

  const custom: ExtractedSkill[] = [];
  const customKeys = new Set<string>();
  for (const skill of review.customSkills) {
    const key = keyOf(skill.name);
    if (extractedByKey.has(key)) {
      // Typing an extracted skill's name back in means keeping it.
      approvedKeys.add(key);
      removedKeys.delete(key);
      if (skill.level !== undefined) levelByKey.set(key, skill.level);
    } else if (!customKeys.has(key)) {
      customKeys.add(key);
      custom.push({
        name: skill.name.trim(),
        category: skill.category,
        confidence: CUSTOM_SKILL_CONFIDENCE,
        ...(skill.level === undefined ? {} : { level: skill.level }),
        evidence: [],
      });
    }
  }

  const reviewed = extracted.map((skill) => {
    const level = levelByKey.get(keyOf(skill.name));
    return level === undefined ? skill : { ...skill, level };
  });
  return {
    approved: reviewed.filter((skill) => approvedKeys.has(keyOf(skill.name))),
    notApproved: reviewed.filter((skill) => !approvedKeys.has(keyOf(skill.name)) && !removedKeys.has(keyOf(skill.name))),
    removed: reviewed.filter((skill) => removedKeys.has(keyOf(skill.name))),
    custom,
    reviewedBy,
    reviewedAt: reviewedAt.toISOString(),
  };
}
