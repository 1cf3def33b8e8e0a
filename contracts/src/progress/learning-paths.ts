import { z } from 'zod';
import { COURSE_KINDS, COURSE_LEVELS, type CourseLevel } from '../courses/courses';
import { confirmedSkillsHandoffSchema } from '../jobs/jobs';
import { skillCategorySchema, skillImportanceSchema, skillLevelSchema, type ExpectedSkillLevel, type SkillImportance, type SkillLevel } from '../skills/skills';

// The level scale lives with the skills (a posting's expected level uses it too); kept importable from here.
export { SKILL_LEVELS, skillLevelSchema, skillLevelRank, type SkillLevel } from '../skills/skills';

/** The level a learner reaches in each skill a course teaches, by the course's level. */
export const SKILL_LEVEL_REACHED_BY_COURSE: Record<CourseLevel, SkillLevel> = {
  beginner: 'basic',
  intermediate: 'working',
  advanced: 'strong',
};

/** The level a learner reaches in the skills a course teaches; a course of no stated level counts as beginner. */
export function courseReachedLevel(course: { level?: CourseLevel | null }): SkillLevel {
  return SKILL_LEVEL_REACHED_BY_COURSE[course.level ?? 'beginner'];
}

/**
 * Where a job expects a learner to be when its posting names no level for a skill (`ExtractedSkill.level`):
 * a required skill at working level, a nice-to-have one at basic.
 */
export const TARGET_LEVEL_BY_IMPORTANCE: Record<SkillImportance, ExpectedSkillLevel> = {
  required: 'working',
  'nice-to-have': 'basic',
};

export const GAP_PRIORITIES = ['high', 'medium', 'low'] as const;
export type GapPriority = (typeof GAP_PRIORITIES)[number];

/** One reviewed skill of the job against the learner's current level. */
export const skillGapSchema = z.object({
  skill: z.string(),
  skillAr: z.string().optional(),
  category: skillCategorySchema,
  importance: skillImportanceSchema,
  currentLevel: skillLevelSchema,
  targetLevel: skillLevelSchema,
  priority: z.enum(GAP_PRIORITIES),
});
export type SkillGap = z.infer<typeof skillGapSchema>;

/** Hours a learner sets aside each week, unless they choose otherwise. */
export const DEFAULT_WEEKLY_HOURS = 3;
export const MIN_WEEKLY_HOURS = 1;
export const MAX_WEEKLY_HOURS = 40;
/** A path plans twelve months, with a milestone at the end of each quarter. */
export const LEARNING_PATH_MONTHS = 12;

export const weeklyHoursSchema = z
  .number({ error: 'Weekly hours must be a number' })
  .min(MIN_WEEKLY_HOURS, { error: `Weekly hours must be at least ${MIN_WEEKLY_HOURS}` })
  .max(MAX_WEEKLY_HOURS, { error: `Weekly hours can be at most ${MAX_WEEKLY_HOURS}` });

/** A course the planner may choose: what svc-courses knows of it, no lessons. */
export const pathCandidateCourseSchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  titleAr: z.string().nullable(),
  abbreviation: z.string(),
  kind: z.enum(COURSE_KINDS),
  provider: z.string().nullable(),
  url: z.string().nullable(),
  level: z.enum(COURSE_LEVELS).nullable(),
  /** Hours of study; svc-courses estimates it from the duration when the catalog does not say. */
  estimatedHours: z.number().positive(),
  skills: z.array(z.string()),
  /** Free text, e.g. "Python for Data Analysis (DSC-101) or equivalent". */
  prerequisites: z.array(z.string()),
});
export type PathCandidateCourse = z.infer<typeof pathCandidateCourseSchema>;

/** `courses.path-candidates`: the courses teaching any of these skills. */
export const findPathCandidatesRequestSchema = z.object({
  skills: z.array(z.string().min(1)).min(1).max(200),
});
export type FindPathCandidatesRequest = z.infer<typeof findPathCandidatesRequestSchema>;
export const findPathCandidatesReplySchema = z.object({ courses: z.array(pathCandidateCourseSchema) });
export type FindPathCandidatesReply = z.infer<typeof findPathCandidatesReplySchema>;

/** The Umm al-Qura periods the planner knows: Ramadan (lighter load) and the two Eid holidays (no due date). */
export const HOLY_PERIOD_KINDS = ['ramadan', 'eid-al-fitr', 'eid-al-adha'] as const;
export type HolyPeriodKind = (typeof HOLY_PERIOD_KINDS)[number];

export const PATH_COURSE_STATUSES = ['pending', 'in-progress', 'completed'] as const;
export type PathCourseStatus = (typeof PATH_COURSE_STATUSES)[number];

/** A chosen course, in study order, with the months it is planned for. */
export const learningPathCourseSchema = pathCandidateCourseSchema.omit({ skills: true, prerequisites: true }).extend({
  courseId: z.string().uuid(),
  /** The gap skills this course closes (a subset of what it teaches). */
  covers: z.array(z.string()),
  /** 1-based month of the plan in which it starts and ends; past 12 when the budget cannot fit it. */
  startMonth: z.number().int().positive(),
  endMonth: z.number().int().positive(),
  startDate: z.string(),
  dueDate: z.string(),
  /** True once the course has been deleted from the catalog: keep it in view, swap it, never open it. */
  removed: z.boolean().optional(),
  /** Ramadan (lighter weekly load) or an Eid holiday (no study, no due date) falls while it is studied. */
  holyPeriods: z.array(z.enum(HOLY_PERIOD_KINDS)).optional(),
}).omit({ id: true });
export type LearningPathCourse = z.infer<typeof learningPathCourseSchema>;

export const learningPathMilestoneSchema = z.object({
  quarter: z.number().int().min(1).max(4),
  dueDate: z.string(),
  /** Courses due by the end of the quarter. */
  courseIds: z.array(z.string().uuid()),
  /** Gap skills closed by then. */
  skills: z.array(z.string()),
});
export type LearningPathMilestone = z.infer<typeof learningPathMilestoneSchema>;

/** Weekly hours the planner proposes at most, unless svc-progress is configured otherwise. */
export const DEFAULT_MAX_PROPOSED_WEEKLY_HOURS = 6;

/**
 * What the learner decided about a plan that did not fit 12 months at their budget: `fits` (nothing
 * to decide), `pending` (the proposal is shown), `accepted-proposal`, `kept-budget` (the rest moves to
 * next year) or `changed-hours` (they set the hours themselves).
 */
export const PLAN_CHOICES = ['fits', 'pending', 'accepted-proposal', 'kept-budget', 'changed-hours'] as const;
export type PlanChoice = (typeof PLAN_CHOICES)[number];

export const holyPeriodSchema = z.object({
  kind: z.enum(HOLY_PERIOD_KINDS),
  /** YYYY-MM-DD, both included. */
  startDate: z.string(),
  endDate: z.string(),
});
export type HolyPeriod = z.infer<typeof holyPeriodSchema>;

/** How the plan fits the 12 months, and what the planner proposes when it does not at the budget. */
export const learningPathFitSchema = z.object({
  choice: z.enum(PLAN_CHOICES),
  /** Hours of every course the gaps need, this year's and next year's. */
  allCoursesHours: z.number().nonnegative(),
  /** Whole or half weekly hours that fit every course into 12 months; null beyond the maximum weekly hours. */
  weeklyHoursToFitAll: z.number().nullable(),
  /** `weeklyHoursToFitAll` when the budget is too small and it is within `proposalLimit`; else null. */
  proposedWeeklyHours: z.number().nullable(),
  proposalLimit: z.number().positive(),
  /** Share of the weekly hours planned during Ramadan. */
  ramadanLoadFactor: z.number().positive().max(1),
  /** Ramadan and the Eid holidays inside the 12 months. */
  holyPeriods: z.array(holyPeriodSchema),
});
export type LearningPathFit = z.infer<typeof learningPathFitSchema>;

/** A course for next year: the gap skills it would close then, and this year's shorter courses taking its place. */
export const nextYearCourseSchema = learningPathCourseSchema.pick({
  courseId: true,
  title: true,
  titleAr: true,
  abbreviation: true,
  kind: true,
  provider: true,
  url: true,
  level: true,
  estimatedHours: true,
  covers: true,
}).extend({
  /** This year's (shorter) courses closing the rest of what it teaches: it was left for later. */
  replacedBy: z.array(z.string().uuid()),
});
export type NextYearCourse = z.infer<typeof nextYearCourseSchema>;

/** What does not fit the 12 months at the budget: the gaps, the courses that would close them, their hours. */
export const learningPathNextYearSchema = z.object({
  skills: z.array(z.string()),
  courses: z.array(nextYearCourseSchema),
  totalHours: z.number().nonnegative(),
  /** Months those courses would take at the weekly budget. */
  monthsAtBudget: z.number().int().nonnegative(),
});
export type LearningPathNextYear = z.infer<typeof learningPathNextYearSchema>;

export const learningPathSchema = z.object({
  id: z.string().uuid(),
  userId: z.string().uuid(),
  jobDescriptionId: z.string().uuid().nullable(),
  jobTitle: z.string(),
  weeklyHours: z.number(),
  startDate: z.string(),
  gaps: z.array(skillGapSchema),
  courses: z.array(learningPathCourseSchema),
  milestones: z.array(learningPathMilestoneSchema),
  /** Gap skills no course in the catalog teaches at the level needed: shown, never hidden. */
  uncoveredSkills: z.array(z.string()),
  totalHours: z.number(),
  /** Months the chosen courses need at the weekly budget (12 at most, unless courses already started overrun it). */
  monthsNeeded: z.number().int().nonnegative(),
  fit: learningPathFitSchema,
  nextYear: learningPathNextYearSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LearningPath = z.infer<typeof learningPathSchema>;

/** `POST /api/learning-paths/generate {jobDescriptionId, confirmedSkills, jobTitle, weeklyHours?}` */
export const generateLearningPathBodySchema = confirmedSkillsHandoffSchema.extend({
  confirmedSkills: confirmedSkillsHandoffSchema.shape.confirmedSkills.min(1, { error: 'Please select at least one skill' }),
  weeklyHours: weeklyHoursSchema.default(DEFAULT_WEEKLY_HOURS),
});
export type GenerateLearningPathBody = z.output<typeof generateLearningPathBodySchema>;

/**
 * `progress.learning-paths.generate`: the body. The learner whose path it is is the caller named in
 * the `x-masar-caller` header (never a body field), as for every learning-path subject.
 */
export const generateLearningPathRequestSchema = generateLearningPathBodySchema;
export type GenerateLearningPathRequest = z.output<typeof generateLearningPathRequestSchema>;

/** `GET /api/learning-paths/:id` and every call answering one path: `{learningPath}`. */
export const learningPathReplySchema = z.object({ learningPath: learningPathSchema });
export type LearningPathReply = z.infer<typeof learningPathReplySchema>;

/** How far the learner is along a path, as the progress screen's path summary counts it. */
export const learningPathProgressSchema = z.object({
  /** Courses of the path still counted (a course deleted from the catalog counts only once completed). */
  courseCount: z.number().int().nonnegative(),
  completedCourseCount: z.number().int().nonnegative(),
  /** Mean of the counted courses' lesson percents, 0–100. */
  percent: z.number().int().min(0).max(100),
});
export type LearningPathProgress = z.infer<typeof learningPathProgressSchema>;

/**
 * A learner's paths, newest first; the list carries whole paths (a learner has a handful), each with
 * its progress (svc-progress always sends it; optional so a path without it still reads).
 */
export const learningPathListSchema = z.object({
  items: z.array(learningPathSchema.extend({ progress: learningPathProgressSchema.optional() })),
});
export type LearningPathList = z.infer<typeof learningPathListSchema>;

/** `progress.learning-paths.list`: the caller's paths, or for an admin `ownerId`'s (ignored for a learner). */
export const listLearningPathsRequestSchema = z.object({ ownerId: z.uuid({ error: 'Invalid owner id' }).optional() });
export type ListLearningPathsRequest = z.infer<typeof listLearningPathsRequestSchema>;

/**
 * `progress.learning-paths.get` and `.delete`: one of the caller's own paths (an admin may read and
 * delete anybody's); another learner's id answers 404 like a missing one.
 */
export const learningPathRequestSchema = z.object({
  id: z.uuid({ error: 'Invalid learning path id' }),
});
export type LearningPathRequest = z.infer<typeof learningPathRequestSchema>;

/** The learner's answer to a plan that does not fit 12 months at their budget. */
export const PLAN_DECISIONS = ['accept-proposal', 'keep-budget'] as const;
export type PlanDecision = (typeof PLAN_DECISIONS)[number];

/**
 * `PATCH /api/learning-paths/:id`: a new weekly budget, a new study order (every course of the path,
 * each once), one course swapped for another course that teaches at least one of the same gap
 * skills, or the learner's decision on the proposal. The path is re-planned: courses, dates,
 * milestones and next year; completed and started courses stay in it.
 */
export const updateLearningPathBodySchema = z
  .object({
    weeklyHours: weeklyHoursSchema.optional(),
    decision: z.enum(PLAN_DECISIONS, { error: 'decision must be accept-proposal or keep-budget' }).optional(),
    courseOrder: z.array(z.uuid({ error: 'Invalid course id' })).min(1, { error: 'courseOrder cannot be empty' }).optional(),
    swap: z
      .object({
        courseId: z.uuid({ error: 'Invalid course id' }),
        replacementCourseId: z.uuid({ error: 'Invalid course id' }),
      })
      .optional(),
  })
  .refine((body) => body.weeklyHours !== undefined || body.courseOrder !== undefined || body.swap !== undefined || body.decision !== undefined, {
    error: 'Nothing to change: send weeklyHours, courseOrder, swap or decision',
  })
  .refine((body) => body.decision !== 'accept-proposal' || body.weeklyHours === undefined, {
    error: 'Accepting the proposal sets the weekly hours: do not send weeklyHours with it',
  });
export type UpdateLearningPathBody = z.infer<typeof updateLearningPathBodySchema>;

/** Only the path's own learner may re-plan it. */
export const updateLearningPathRequestSchema = z.object({
  id: z.uuid({ error: 'Invalid learning path id' }),
  changes: updateLearningPathBodySchema,
});
export type UpdateLearningPathRequest = z.infer<typeof updateLearningPathRequestSchema>;

export const deleteLearningPathReplySchema = z.object({ deleted: z.literal(true), id: z.string().uuid() });
export type DeleteLearningPathReply = z.infer<typeof deleteLearningPathReplySchema>;

export const LEARNING_PATH_NOT_FOUND_MESSAGE = 'Learning path not found';
export const COURSE_ORDER_MISMATCH_MESSAGE = 'courseOrder must list every course of the path exactly once';
export const COURSE_NOT_IN_PATH_MESSAGE = 'That course is not in this learning path';
export const REPLACEMENT_COVERS_NOTHING_MESSAGE = 'The replacement course does not teach any of the skills the swapped course covers';
export const COURSE_ALREADY_IN_PATH_MESSAGE = 'That course is already in this learning path';
export const NO_PROPOSAL_MESSAGE = 'This learning path has no proposed weekly hours to accept';
