import { JobDescriptionList, UserActivityReply, userActivityReplySchema } from '@masar/contracts';
import { Controller, Get, Param } from '@nestjs/common';
import {
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { Roles } from '../auth/auth.decorators';
import { IdentityClient } from '../identity/identity.client';
import { JobsClient } from '../jobs/jobs.client';
import { LearningPathsClient } from '../learning-paths/learning-paths.client';
import { errorReplyOpenApi, openApiSchemaOf } from '../openapi/openapi-schema';
import { NotFoundUnlessUuidPipe } from '../validation/not-found-unless-uuid.pipe';
import { toUserActivity } from './user-activity';

/** The largest page svc-jobs answers; a person with more postings is read a page at a time. */
const JOB_PAGE_SIZE = 100;

/**
 * The admin people view: what one person has in Masar. The services decide what the caller may see
 * (`ownerId` is honoured only for an admin caller); the gateway only gathers it.
 */
@ApiTags('admin')
@ApiCookieAuth()
@Controller('api/admin/users')
export class AdminPeopleController {
  constructor(
    private readonly identity: IdentityClient,
    private readonly jobs: JobsClient,
    private readonly learningPaths: LearningPathsClient,
  ) {}

  @Get(':id/activity')
  @Roles('admin')
  @ApiOperation({ summary: "A person's job descriptions and learning paths with their progress, newest first (admins only)" })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The user id' })
  @ApiOkResponse({ schema: openApiSchemaOf(userActivityReplySchema) })
  @ApiNotFoundResponse({ schema: errorReplyOpenApi, description: 'No user has this id' })
  @ApiForbiddenResponse({ schema: errorReplyOpenApi, description: 'Signed in, but not an admin' })
  @ApiServiceUnavailableResponse({ schema: errorReplyOpenApi, description: 'svc-identity, svc-jobs or svc-progress did not answer' })
  async activity(@Param('id', new NotFoundUnlessUuidPipe('User not found')) id: string): Promise<UserActivityReply> {
    // An unknown person is identity's 404, not an empty activity.
    await this.identity.getUser(id);
    const [jobDescriptions, paths] = await Promise.all([this.allJobDescriptionsOf(id), this.learningPaths.list({ ownerId: id })]);
    return toUserActivity(jobDescriptions, paths.items);
  }

  private async allJobDescriptionsOf(ownerId: string): Promise<JobDescriptionList['items']> {
    const items: JobDescriptionList['items'] = [];
    for (let page = 1; ; page += 1) {
      const list = await this.jobs.list({ page, pageSize: JOB_PAGE_SIZE, ownerId });
      items.push(...list.items);
      if (items.length >= list.total || list.items.length === 0) return items;
    }
  }
}
