import { z } from 'zod';
import { languageSchema } from '../identity/identity.schemas';
import { paginationQuerySchema, paginatedSchema } from '../pagination';
import { expectedSkillLevelSchema, extractedSkillSchema, skillCategorySchema } from '../skills/skills';

/** NATS subjects answered by svc-jobs. Never rename one without a migration plan. */
export const JOBS_SUBJECTS = {
  LIST_JOB_DESCRIPTIONS: 'jobs.job-descriptions.list',
  GET_JOB_DESCRIPTION: 'jobs.job-descriptions.get',
  CREATE_FROM_TEXT: 'jobs.job-descriptions.create-from-text',
  CREATE_FROM_FILE: 'jobs.job-descriptions.create-from-file',
  SAVE_REVIEWED_SKILLS: 'jobs.job-descriptions.save-reviewed-skills',
  DELETE_JOB_DESCRIPTION: 'jobs.job-descriptions.delete',
  GENERATE_DEMO_JOB: 'jobs.predefined-roles.generate',
  HEALTH: 'jobs.health',
} as const;

/**
 * JetStream object store bucket through which the gateway hands uploaded files to svc-jobs, so a
 * file never has to fit in one NATS message (1 MB by default). svc-jobs deletes each object once read.
 */
export const JOB_UPLOADS_BUCKET = 'job-description-uploads';

/** Default largest upload (bytes); both the gateway and svc-jobs read `MAX_UPLOAD_BYTES`. */
export const DEFAULT_MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** The 15 predefined job roles of the spec (section 9), by their English titles. */
export const PREDEFINED_JOB_ROLES = [
  'Software Engineer',
  'Data Scientist',
  'Product Manager',
  'UX/UI Designer',
  'DevOps Engineer',
  'Marketing Manager',
  'Sales Representative',
  'HR Business Partner',
  'Financial Analyst',
  'Project Manager',
  'Business Analyst',
  'Quality Assurance Engineer',
  'Customer Success Manager',
  'Digital Marketing Specialist',
  'Operations Manager',
] as const;
export const predefinedJobRoleSchema = z.enum(PREDEFINED_JOB_ROLES, { error: 'No Job Role Selected' });
export type PredefinedJobRole = z.infer<typeof predefinedJobRoleSchema>;

export const JOB_TITLE_MAX_LENGTH = 200;
export const JOB_CONTENT_MAX_LENGTH = 200_000;

/** Where a posting's text came from. */
export const jobDescriptionSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('file'), fileName: z.string(), mediaType: z.string() }),
  z.object({ kind: z.literal('text') }),
  z.object({ kind: z.literal('predefined-role'), role: predefinedJobRoleSchema }),
]);
export type JobDescriptionSource = z.infer<typeof jobDescriptionSourceSchema>;

/** The reviewed skill set a person saved from the Review Extracted Skills modal. */
export const reviewedSkillSetSchema = z.object({
  /** Extracted skills the reviewer kept approved. */
  approved: z.array(extractedSkillSchema),
  /** Extracted skills left in the list but switched off. */
  notApproved: z.array(extractedSkillSchema),
  /** Extracted skills the reviewer removed from the list. */
  removed: z.array(extractedSkillSchema),
  /** Skills the reviewer typed in; always approved, confidence 1. */
  custom: z.array(extractedSkillSchema),
  reviewedBy: z.string().uuid(),
  reviewedAt: z.string(),
});
export type ReviewedSkillSet = z.infer<typeof reviewedSkillSetSchema>;

export const jobDescriptionSchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  content: z.string(),
  source: jobDescriptionSourceSchema,
  detectedLanguage: languageSchema,
  extractedSkills: z.array(extractedSkillSchema),
  reviewedSkills: reviewedSkillSetSchema.nullable(),
  createdBy: z.string().uuid().nullable(),
  createdAt: z.string(),
});
export type JobDescription = z.infer<typeof jobDescriptionSchema>;

/** Every reply that carries one posting (spec section 7: `{jobDescription}`). */
export const jobDescriptionReplySchema = z.object({ jobDescription: jobDescriptionSchema });
export type JobDescriptionReply = z.infer<typeof jobDescriptionReplySchema>;

/** A list item: the card needs the posting's text for its 150-character preview and the skills. */
export const jobDescriptionSummarySchema = jobDescriptionSchema.pick({
  id: true,
  title: true,
  content: true,
  source: true,
  detectedLanguage: true,
  extractedSkills: true,
  reviewedSkills: true,
  createdAt: true,
});
export type JobDescriptionSummary = z.infer<typeof jobDescriptionSummarySchema>;

/** `GET /api/job-descriptions?q=&page=&pageSize=`: newest first. */
export const listJobDescriptionsQuerySchema = paginationQuerySchema.extend({
  q: z.string().trim().max(JOB_TITLE_MAX_LENGTH, { error: 'Too long' }).optional(),
});
export type ListJobDescriptionsQuery = z.infer<typeof listJobDescriptionsQuerySchema>;

/**
 * `jobs.job-descriptions.list`: the query, and for an admin optionally whose postings to list. A
 * learner always gets their own, whatever `ownerId` says; the owner is the caller the gateway names
 * in the `x-masar-caller` header, never a body field.
 */
export const listJobDescriptionsRequestSchema = listJobDescriptionsQuerySchema.extend({
  ownerId: z.uuid({ error: 'Invalid owner id' }).optional(),
});
export type ListJobDescriptionsRequest = z.infer<typeof listJobDescriptionsRequestSchema>;

export const jobDescriptionListSchema = paginatedSchema(jobDescriptionSummarySchema);
export type JobDescriptionList = z.infer<typeof jobDescriptionListSchema>;

const titleSchema = z
  .string({ error: 'This field is required' })
  .trim()
  .max(JOB_TITLE_MAX_LENGTH, { error: 'Too long' });

/** `POST /api/job-descriptions/text {title, content}` (HTTP body). An empty title becomes 'Job Description'. */
export const createJobDescriptionFromTextBodySchema = z.object({
  title: titleSchema.optional(),
  content: z
    .string({ error: 'Please enter job description content' })
    .max(JOB_CONTENT_MAX_LENGTH, { error: 'Too long' })
    .refine((content) => content.trim().length > 0, { error: 'Please enter job description content' }),
});
export type CreateJobDescriptionFromTextBody = z.infer<typeof createJobDescriptionFromTextBodySchema>;

/** The NATS request is the HTTP body: the owner is the caller named in the `x-masar-caller` header. */
export const createJobDescriptionFromTextRequestSchema = createJobDescriptionFromTextBodySchema;
export type CreateJobDescriptionFromTextRequest = z.infer<typeof createJobDescriptionFromTextRequestSchema>;

/**
 * `POST /api/job-descriptions/upload` (multipart file + title) becomes this NATS request: the gateway
 * has put the file's bytes in the JOB_UPLOADS_BUCKET object store under `objectName`.
 */
export const createJobDescriptionFromFileRequestSchema = z.object({
  objectName: z.string().min(1).max(200),
  fileName: z.string().min(1).max(255),
  /** The content type the browser declared; svc-jobs trusts the file's own bytes, not this. */
  declaredMediaType: z.string().max(200),
  size: z.number().int().nonnegative(),
  /** Empty or absent: the file name is used (spec section 5). */
  title: titleSchema.optional(),
});
export type CreateJobDescriptionFromFileRequest = z.infer<typeof createJobDescriptionFromFileRequestSchema>;

/** Read, review and delete answer this for an id that is missing or belongs to another learner alike. */
export const JOB_DESCRIPTION_NOT_FOUND_MESSAGE = 'Job description not found';

export const jobDescriptionIdRequestSchema = z.object({
  id: z.string().uuid({ error: 'Job description not found' }),
});
export type JobDescriptionIdRequest = z.infer<typeof jobDescriptionIdRequestSchema>;

/** A skill a reviewer typed in: the name is trimmed, the category defaults to functional (spec section 5). */
export const customSkillInputSchema = z.object({
  name: z
    .string({ error: 'Please enter a skill name' })
    .trim()
    .min(1, { error: 'Please enter a skill name' })
    .max(120, { error: 'Too long' }),
  category: skillCategorySchema.default('functional'),
  /** The level the reviewer expects; without one, the skill's importance sets its target. */
  level: expectedSkillLevelSchema.optional(),
});
export type CustomSkillInput = z.infer<typeof customSkillInputSchema>;

/**
 * `PUT /api/job-descriptions/:id/skills` body. Extracted skills are named (svc-jobs keeps its own copy
 * with the evidence); any extracted skill neither approved nor removed is saved as not approved.
 */
export const saveReviewedSkillsBodySchema = z
  .object({
    approvedSkills: z.array(z.string().trim().min(1).max(120)).max(500),
    removedSkills: z.array(z.string().trim().min(1).max(120)).max(500).default([]),
    customSkills: z.array(customSkillInputSchema).max(100).default([]),
    /** Expected levels the reviewer set on extracted skills, replacing the ones read from the posting. */
    skillLevels: z
      .array(z.object({ name: z.string().trim().min(1).max(120), level: expectedSkillLevelSchema }))
      .max(500)
      .default([]),
  })
  .refine((body) => body.approvedSkills.length + body.customSkills.length > 0, {
    error: 'Please approve at least one skill to continue',
  });
export type SaveReviewedSkillsBody = z.infer<typeof saveReviewedSkillsBodySchema>;
/** What a client may send: the lists left out are empty. */
export type SaveReviewedSkillsInput = z.input<typeof saveReviewedSkillsBodySchema>;

/** The reviewer is the caller named in the `x-masar-caller` header; only the owner (or an admin) may review. */
export const saveReviewedSkillsRequestSchema = z.object({
  id: z.string().uuid({ error: 'Job description not found' }),
  review: saveReviewedSkillsBodySchema,
});
export type SaveReviewedSkillsRequest = z.infer<typeof saveReviewedSkillsRequestSchema>;

export const deleteJobDescriptionReplySchema = z.object({ deleted: z.literal(true), id: z.string().uuid() });
export type DeleteJobDescriptionReply = z.infer<typeof deleteJobDescriptionReplySchema>;

/** `POST /api/demo-job-generation {jobRole, language?}` */
export const generateDemoJobBodySchema = z.object({
  jobRole: predefinedJobRoleSchema,
  language: languageSchema.optional(),
});
export type GenerateDemoJobBody = z.infer<typeof generateDemoJobBodySchema>;

/** The NATS request is the HTTP body: the learner whose copy of the role it is comes from the caller header. */
export const generateDemoJobRequestSchema = generateDemoJobBodySchema;
export type GenerateDemoJobRequest = z.infer<typeof generateDemoJobRequestSchema>;

/**
 * The spec's `{title, extractedSkills}` plus the learner's own copy of that role's posting (their own
 * job description, with their review once saved), so the home page can save the reviewed set against
 * it. The role's stored posting itself is a read-only template nobody reviews.
 */
export const generateDemoJobReplySchema = z.object({
  title: z.string(),
  extractedSkills: z.array(extractedSkillSchema),
  jobDescription: jobDescriptionSchema,
});
export type GenerateDemoJobReply = z.infer<typeof generateDemoJobReplySchema>;

/**
 * What a confirmed review hands to learning-path generation (spec section 7:
 * `POST /api/learning-paths/generate {jobDescriptionId, confirmedSkills, jobTitle}`).
 */
export const confirmedSkillsHandoffSchema = z.object({
  /** Null when the browser fell back to the built-in sample skills: nothing was saved. */
  jobDescriptionId: z.string().uuid().nullable(),
  jobTitle: z.string(),
  confirmedSkills: z.array(extractedSkillSchema),
});
export type ConfirmedSkillsHandoff = z.infer<typeof confirmedSkillsHandoffSchema>;
