import { z } from 'zod';

/**
 * LTI Assignment and Grade Services: the gateway verified a launch into a course that carried a line
 * item; svc-progress keeps it and posts the learner's score there when they complete the course.
 */
export const LTI_GRADES_SUBJECTS = {
  /** `RememberLtiLineItemRequest` → `RememberLtiLineItemReply` */
  REMEMBER_LINE_ITEM: 'progress.lti-grades.remember-line-item',
} as const;

/** svc-progress' durable consumer for grade passback. Never rename it: its place in the stream lives under it. */
export const LTI_GRADES_CONSUMER = 'svc-progress-lti-grades';

const httpUrl = z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL' }).max(2000);

export const rememberLtiLineItemRequestSchema = z.object({
  userId: z.uuid({ error: 'Invalid user id' }),
  courseId: z.uuid({ error: 'Invalid course id' }),
  /** The platform's line item (the AGS endpoint claim's `lineitem`); scores go to `<lineItemUrl>/scores`. */
  lineItemUrl: httpUrl,
  /** The learner as the platform knows them (the launch's `sub`): a score names this user. */
  platformUserId: z.string().min(1).max(255),
  issuer: z.string().min(1).max(500),
  clientId: z.string().min(1).max(255),
  tokenUrl: httpUrl,
});
export type RememberLtiLineItemRequest = z.infer<typeof rememberLtiLineItemRequestSchema>;

export const rememberLtiLineItemReplySchema = z.object({ remembered: z.literal(true) });
export type RememberLtiLineItemReply = z.infer<typeof rememberLtiLineItemReplySchema>;

export const LTI_GRADES_NOT_CONFIGURED_MESSAGE = 'Grade passback is not configured in svc-progress (LTI_TOOL_PRIVATE_KEY)';

/** The AGS scope a tool asks for to post scores. */
export const AGS_SCORE_SCOPE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';
