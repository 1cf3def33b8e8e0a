import { z } from 'zod';
import { acquiredSkillSchema } from './progress-overview';
import { skillLevelSchema } from './learning-paths';

export const MAX_SELF_ASSESSED_SKILLS = 200;

/** `GET /api/learner-skills`: the signed-in learner's profile, by skill name. */
export const learnerSkillsReplySchema = z.object({ skills: z.array(acquiredSkillSchema) });
export type LearnerSkillsReply = z.infer<typeof learnerSkillsReplySchema>;

export const selfAssessedSkillSchema = z.object({
  skill: z.string().trim().min(1, { error: 'Skill name is required' }).max(120, { error: 'Skill name can be at most 120 characters' }),
  level: skillLevelSchema,
});
export type SelfAssessedSkill = z.infer<typeof selfAssessedSkillSchema>;

/**
 * `PUT /api/learner-skills {skills}`: the learner's own assessment of these skills. A skill set to
 * `none` leaves the profile; skills not listed keep their level.
 */
export const saveSelfAssessmentBodySchema = z.object({
  skills: z
    .array(selfAssessedSkillSchema)
    .min(1, { error: 'Add at least one skill to assess' })
    .max(MAX_SELF_ASSESSED_SKILLS, { error: `At most ${MAX_SELF_ASSESSED_SKILLS} skills can be assessed at once` })
    .superRefine((skills, context) => {
      const seen = new Set<string>();
      for (const { skill } of skills) {
        const key = skill.trim().toLowerCase();
        if (seen.has(key)) context.addIssue({ code: 'custom', message: `Each skill can be listed only once: ${skill.trim()}` });
        seen.add(key);
      }
    }),
});
export type SaveSelfAssessmentBody = z.infer<typeof saveSelfAssessmentBodySchema>;

/** The learner is the caller named in the `x-masar-caller` header. */
export const saveSelfAssessmentRequestSchema = saveSelfAssessmentBodySchema;
export type SaveSelfAssessmentRequest = z.infer<typeof saveSelfAssessmentRequestSchema>;

/** `progress.learner-skills.list`: the caller's own skills. */
export const learnerSkillsRequestSchema = z.object({});
export type LearnerSkillsRequest = z.infer<typeof learnerSkillsRequestSchema>;
