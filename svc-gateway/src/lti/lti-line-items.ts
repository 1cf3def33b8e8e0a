import { AGS_SCORE_SCOPE, rememberLtiLineItemRequestSchema } from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { Logger } from 'pino';
import { LOGGER } from '../logging/logger';
import { ProgressClient } from '../progress/progress.client';
import { LTI_CLAIMS } from './lti-claims';
import { VerifiedLaunch } from './lti-launch.service';

const COURSE_PAGE = /^\/courses\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:[/?]|$)/i;

/**
 * Assignment and Grade Services: a launch into a course that carries a line item (and lets the tool
 * post scores) is remembered by svc-progress, which posts the score there once the course is complete.
 */
@Injectable()
export class LtiLineItems {
  constructor(
    private readonly progress: ProgressClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async rememberFor(launch: VerifiedLaunch, targetPath: string): Promise<void> {
    const courseId = COURSE_PAGE.exec(targetPath)?.[1];
    const endpoint = launch.claims[LTI_CLAIMS.AGS_ENDPOINT] as { lineitem?: unknown; scope?: unknown } | undefined;
    if (!courseId || !endpoint || typeof endpoint !== 'object' || endpoint.lineitem === undefined) return;
    if (!Array.isArray(endpoint.scope) || !endpoint.scope.includes(AGS_SCORE_SCOPE)) return;
    const request = rememberLtiLineItemRequestSchema.safeParse({
      userId: launch.user.id,
      courseId: courseId.toLowerCase(),
      lineItemUrl: endpoint.lineitem,
      platformUserId: launch.claims.sub,
      issuer: launch.platform.issuer,
      clientId: launch.platform.clientId,
      tokenUrl: launch.platform.tokenUrl,
    });
    if (!request.success) {
      // The platform's claim is malformed: the course still opens, only its grade cannot go back.
      this.logger.warn({ issuer: launch.platform.issuer, lineItem: endpoint.lineitem }, 'LTI launch carries an unusable line item; no grade passback');
      return;
    }
    await this.progress.rememberLtiLineItem(request.data);
  }
}
