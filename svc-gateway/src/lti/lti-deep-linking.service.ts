import { CourseSummary, Language } from '@masar/contracts';
import { BadRequestException, ForbiddenException, HttpException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { CoursesClient } from '../courses/courses.client';
import { REDIS_CLIENT, RedisClient } from '../redis/redis.module';
import { DEEP_LINKING_RESPONSE, LTI_CLAIMS, LTI_VERSION, mayPlaceContent } from './lti-claims';
import { VerifiedLaunch } from './lti-launch.service';
import { pageText } from './lti-pages';
import { ToolKey } from './tool-key';

/** How long an instructor may take to pick what to place. */
const DEEP_LINKING_TTL_SECONDS = 3600;
/** The picker lists this many published courses, newest first (the API's largest page). */
const PICKER_COURSES = 100;
const RESPONSE_LIFETIME_SECONDS = 300;

export const PLACING_NOT_ALLOWED_MESSAGE = 'Only an instructor or a content developer of the LMS course can place Masar content in it';
export const DEEP_LINKING_SETTINGS_MESSAGE = 'The deep-linking request has no valid return URL, or does not accept LTI resource links';
export const DEEP_LINKING_EXPIRED_MESSAGE = 'This content selection has expired or was already used. Start again from your LMS course.';
export const CHOICE_INVALID_MESSAGE = 'Choose a published Masar course or the learning path to place';

/** The learner's own learning path: the same page for everyone, showing each person their path. */
export const LEARNING_PATH_CHOICE = 'learning-path';

const settingsSchema = z.object({
  deep_link_return_url: z.url({ protocol: /^https?$/ }),
  accept_types: z.array(z.string()).refine((types) => types.includes('ltiResourceLink')),
  data: z.string().max(4000).optional(),
});

const choiceSchema = z.object({
  selection: z.string().min(1).max(100),
  choice: z.union([z.literal(LEARNING_PATH_CHOICE), z.string().regex(/^course:[0-9a-f-]{36}$/i)]),
});

interface DeepLinkingContext {
  issuer: string;
  clientId: string;
  deploymentId: string;
  returnUrl: string;
  data?: string;
  language: Language;
}

/** A picked item as an LTI resource link, and the signed response that carries it back. */
export interface DeepLinkingAnswer {
  returnUrl: string;
  jwt: string;
  language: Language;
}

function clientError(status: 400 | 401 | 403, message: string): HttpException {
  const body = { statusCode: status, message };
  if (status === 400) return new BadRequestException(body);
  if (status === 401) return new UnauthorizedException(body);
  return new ForbiddenException(body);
}

/**
 * LTI Deep Linking 2.0: an instructor's LtiDeepLinkingRequest opens a picker; the chosen course (or
 * the learning path) goes back as a signed LtiDeepLinkingResponse with one ltiResourceLink. The
 * picker is reached by an unguessable selection id kept in Redis (no cookie inside the LMS frame).
 */
@Injectable()
export class LtiDeepLinkingService {
  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient,
    private readonly toolKey: ToolKey,
    private readonly courses: CoursesClient,
  ) {}

  private key(selection: string): string {
    return `${this.toolKey.settings.keyPrefix}deep-linking:${selection}`;
  }

  /** Checks the request and remembers it; answers the selection id and the courses to offer. */
  async startSelection(launch: VerifiedLaunch): Promise<{ selection: string; courses: CourseSummary[] }> {
    if (!mayPlaceContent(launch.claims)) throw clientError(403, PLACING_NOT_ALLOWED_MESSAGE);
    const settings = settingsSchema.safeParse(launch.claims[LTI_CLAIMS.DEEP_LINKING_SETTINGS]);
    if (!settings.success) throw clientError(400, DEEP_LINKING_SETTINGS_MESSAGE);
    const context: DeepLinkingContext = {
      issuer: launch.platform.issuer,
      clientId: launch.platform.clientId,
      deploymentId: launch.deploymentId,
      returnUrl: settings.data.deep_link_return_url,
      ...(settings.data.data === undefined ? {} : { data: settings.data.data }),
      language: launch.user.preferredLanguage,
    };
    const selection = randomBytes(32).toString('base64url');
    await this.redis.set(this.key(selection), JSON.stringify(context), { EX: DEEP_LINKING_TTL_SECONDS });
    const list = await this.courses.list({ status: 'published', page: 1, pageSize: PICKER_COURSES });
    return { selection, courses: list.items.filter((course) => course.status === undefined || course.status === 'published') };
  }

  /** The instructor's choice as the signed response for the platform; the selection is used once. */
  async answer(body: unknown, toolOrigin: string): Promise<DeepLinkingAnswer> {
    const parsed = choiceSchema.safeParse(body);
    if (!parsed.success) throw clientError(400, CHOICE_INVALID_MESSAGE);
    const saved = await this.redis.getDel(this.key(parsed.data.selection));
    if (!saved) throw clientError(401, DEEP_LINKING_EXPIRED_MESSAGE);
    const context = JSON.parse(saved) as DeepLinkingContext;
    const platform = this.toolKey.settings.platforms.find((candidate) => candidate.issuer === context.issuer && candidate.clientId === context.clientId);
    if (!platform) throw clientError(401, DEEP_LINKING_EXPIRED_MESSAGE);
    const item = await this.contentItem(parsed.data.choice, toolOrigin, context.language);
    const jwt = await this.toolKey.sign(
      {
        nonce: randomBytes(16).toString('base64url'),
        [LTI_CLAIMS.DEPLOYMENT_ID]: context.deploymentId,
        [LTI_CLAIMS.MESSAGE_TYPE]: DEEP_LINKING_RESPONSE,
        [LTI_CLAIMS.VERSION]: LTI_VERSION,
        [LTI_CLAIMS.DEEP_LINKING_CONTENT_ITEMS]: [item],
        ...(context.data === undefined ? {} : { [LTI_CLAIMS.DEEP_LINKING_DATA]: context.data }),
      },
      // The tool is the issuer (its client id) and the platform the audience (Deep Linking 2.0, 4.2).
      { issuer: platform.clientId, audience: platform.issuer, expiresInSeconds: RESPONSE_LIFETIME_SECONDS },
    );
    return { returnUrl: context.returnUrl, jwt, language: context.language };
  }

  private async contentItem(choice: string, toolOrigin: string, language: Language): Promise<Record<string, unknown>> {
    if (choice === LEARNING_PATH_CHOICE) {
      return { type: 'ltiResourceLink', title: pageText(language).learningPathTitle, url: `${toolOrigin}/learning-paths` };
    }
    const courseId = choice.slice('course:'.length).toLowerCase();
    let course;
    try {
      course = await this.courses.get(courseId);
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() === 404) throw clientError(400, CHOICE_INVALID_MESSAGE);
      throw error;
    }
    if (course.status !== undefined && course.status !== 'published') throw clientError(400, CHOICE_INVALID_MESSAGE);
    return {
      type: 'ltiResourceLink',
      title: language === 'ar' && course.titleAr ? course.titleAr : course.title,
      url: `${toolOrigin}/courses/${course.id}`,
    };
  }
}
