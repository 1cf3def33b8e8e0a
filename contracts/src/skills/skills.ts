import { z } from 'zod';
import { languageSchema } from '../identity/identity.schemas';

/** The four skill categories of the spec (section 3). */
export const SKILL_CATEGORIES = ['technical', 'functional', 'behavioral', 'compliance'] as const;
export const skillCategorySchema = z.enum(SKILL_CATEGORIES, { error: 'Invalid input' });
export type SkillCategory = z.infer<typeof skillCategorySchema>;

/** Whether a posting asks for a skill outright or lists it as a plus. Learning paths weigh gaps by it. */
export const SKILL_IMPORTANCES = ['required', 'nice-to-have'] as const;
export const skillImportanceSchema = z.enum(SKILL_IMPORTANCES);
export type SkillImportance = z.infer<typeof skillImportanceSchema>;

/** How well a learner holds a skill, lowest first. */
export const SKILL_LEVELS = ['none', 'basic', 'working', 'strong', 'expert'] as const;
export const skillLevelSchema = z.enum(SKILL_LEVELS, { error: 'level must be none, basic, working, strong or expert' });
export type SkillLevel = z.infer<typeof skillLevelSchema>;

/** Compares levels: `skillLevelRank('working') > skillLevelRank('basic')`. */
export function skillLevelRank(level: SkillLevel): number {
  return SKILL_LEVELS.indexOf(level);
}

/** The highest of the levels given, or undefined when none is. */
export function highestSkillLevel<Level extends SkillLevel>(levels: ReadonlyArray<Level | undefined>): Level | undefined {
  let highest: Level | undefined;
  for (const level of levels) {
    if (level !== undefined && (highest === undefined || skillLevelRank(level) > skillLevelRank(highest))) highest = level;
  }
  return highest;
}

/** A level a posting can expect of a skill: every level but none. */
export const EXPECTED_SKILL_LEVELS = ['basic', 'working', 'strong', 'expert'] as const satisfies readonly SkillLevel[];
export const expectedSkillLevelSchema = z.enum(EXPECTED_SKILL_LEVELS, { error: 'level must be basic, working, strong or expert' });
export type ExpectedSkillLevel = z.infer<typeof expectedSkillLevelSchema>;

/** Reviewers keep a skill whose confidence is above this (spec section 9). */
export const SKILL_APPROVAL_THRESHOLD = 0.7;
/** Confidence of a skill a reviewer added by hand (spec section 9). */
export const CUSTOM_SKILL_CONFIDENCE = 1;

/** An exact span of the posting that supports a skill: `text === posting.slice(start, end)`. */
export const skillEvidenceSchema = z.object({
  text: z.string().min(1),
  start: z.number().int().nonnegative(),
  end: z.number().int().positive(),
});
export type SkillEvidence = z.infer<typeof skillEvidenceSchema>;

/** A skill found in a posting. `name` is the taxonomy's canonical English name; `nameAr` its Arabic label. */
export const extractedSkillSchema = z.object({
  name: z.string().min(1).max(120),
  nameAr: z.string().max(160).optional(),
  category: skillCategorySchema,
  confidence: z.number().min(0).max(1),
  importance: skillImportanceSchema.optional(),
  /**
   * The level the posting expects ("expert in SQL", "5+ years of Spark", "إلمام بـ"), or the posting's
   * seniority default; absent on skills stored before levels were read, where importance decides.
   */
  level: expectedSkillLevelSchema.optional(),
  /** The taxonomy entry it matched; absent for custom skills a reviewer typed in. */
  taxonomyId: z.string().optional(),
  evidence: z.array(skillEvidenceSchema).default([]),
});
export type ExtractedSkill = z.infer<typeof extractedSkillSchema>;

/** Longest posting text the extractor accepts (characters); a 10 MB file rarely holds more text than this. */
export const MAX_POSTING_TEXT_LENGTH = 200_000;

/** `POST /api/skills/extract {text, language?}`: stateless, stores nothing. */
export const extractSkillsRequestSchema = z.object({
  text: z
    .string({ error: 'This field is required' })
    .max(MAX_POSTING_TEXT_LENGTH, { error: 'Too long' })
    .refine((text) => text.trim().length > 0, { error: 'Please enter job description content' }),
  language: languageSchema.optional(),
  /** The posting's title when it is kept apart from the text ("Senior Data Engineer"): it tells the role's seniority. */
  title: z.string().max(200, { error: 'Too long' }).optional(),
});
export type ExtractSkillsRequest = z.infer<typeof extractSkillsRequestSchema>;

export const extractSkillsReplySchema = z.object({
  skills: z.array(extractedSkillSchema),
  /** The language the extractor read the posting in (given, or detected from its script). */
  language: languageSchema,
  /** Which provider produced the skills: `offline` or `openai`. */
  provider: z.enum(['offline', 'openai']),
  /** Version of the skills taxonomy the names come from. */
  taxonomyVersion: z.string(),
});
export type ExtractSkillsReply = z.infer<typeof extractSkillsReplySchema>;
