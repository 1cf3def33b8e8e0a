import { z } from 'zod';
import { paginationQuerySchema, paginatedSchema } from '../pagination';

/** NATS subjects answered by svc-jobs. Never rename one without a migration plan. */
export const JOBS_SUBJECTS = {
  LIST_JOB_DESCRIPTIONS: 'jobs.job-descriptions.list',
  HEALTH: 'jobs.health',
} as const;

export const SKILL_CATEGORIES = ['technical', 'functional', 'behavioral', 'compliance'] as const;
export const skillCategorySchema = z.enum(SKILL_CATEGORIES);
export type SkillCategory = z.infer<typeof skillCategorySchema>;

export const extractedSkillSchema = z.object({
  name: z.string(),
  category: skillCategorySchema,
  confidence: z.number().min(0).max(1),
});
export type ExtractedSkill = z.infer<typeof extractedSkillSchema>;

export const jobDescriptionSummarySchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  content: z.string(),
  extractedSkills: z.array(extractedSkillSchema),
  createdAt: z.string(),
});
export type JobDescriptionSummary = z.infer<typeof jobDescriptionSummarySchema>;

/** `GET /api/job-descriptions?q=&page=&pageSize=` */
export const listJobDescriptionsQuerySchema = paginationQuerySchema.extend({
  q: z.string().trim().max(200, { error: 'Too long' }).optional(),
});
export type ListJobDescriptionsQuery = z.infer<typeof listJobDescriptionsQuerySchema>;

export const jobDescriptionListSchema = paginatedSchema(jobDescriptionSummarySchema);
export type JobDescriptionList = z.infer<typeof jobDescriptionListSchema>;
