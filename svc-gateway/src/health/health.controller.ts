import { PlatformHealth, platformHealthSchema } from '@masar/contracts';
import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../auth/auth.decorators';
import { openApiSchemaOf } from '../openapi/openapi-schema';
import { HealthService } from './health.service';

@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Every service, Postgres, Redis and NATS: up or down' })
  @ApiOkResponse({ schema: openApiSchemaOf(platformHealthSchema), description: 'Everything is up' })
  @ApiServiceUnavailableResponse({ schema: openApiSchemaOf(platformHealthSchema), description: 'Something is down' })
  async check(@Res({ passthrough: true }) response: Response): Promise<PlatformHealth> {
    const report = await this.health.check();
    response.status(report.status === 'up' ? 200 : 503);
    return report;
  }
}
