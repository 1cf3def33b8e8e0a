import { AdminStats, adminStatsSchema } from '@masar/contracts';
import { Controller, Get } from '@nestjs/common';
import {
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { Roles } from '../auth/auth.decorators';
import { CoursesClient } from '../courses/courses.client';
import { errorReplyOpenApi, openApiSchemaOf } from '../openapi/openapi-schema';
import { ProgressClient } from '../progress/progress.client';

/** The admin dashboard's figures: svc-progress' (from learners' real activity) and the catalog's size. */
@ApiTags('admin')
@ApiCookieAuth()
@Controller('api/admin/stats')
export class AdminStatsController {
  constructor(
    private readonly progress: ProgressClient,
    private readonly courses: CoursesClient,
  ) {}

  @Get()
  @Roles('admin')
  @ApiOperation({ summary: 'Active learning paths, skills mapped, available courses, completion rate, recent paths and activity (admins only)' })
  @ApiOkResponse({ schema: openApiSchemaOf(adminStatsSchema) })
  @ApiForbiddenResponse({ schema: errorReplyOpenApi, description: 'Signed in, but not an admin' })
  @ApiServiceUnavailableResponse({ schema: errorReplyOpenApi, description: 'svc-progress or svc-courses did not answer' })
  async stats(): Promise<AdminStats> {
    const [progress, catalog] = await Promise.all([this.progress.adminStats(), this.courses.list({ page: 1, pageSize: 1 })]);
    return { ...progress, availableCourses: catalog.total };
  }
}
