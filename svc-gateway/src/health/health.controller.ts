import { ComponentStatus, PlatformHealth, platformHealthSchema } from '@masar/contracts';
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

  @Public()
  @Get('live')
  @ApiOperation({ summary: 'Liveness: this gateway process answers HTTP' })
  @ApiOkResponse({ description: 'The process is alive' })
  live(): { status: 'up' } {
    return { status: 'up' };
  }

  @Public()
  @Get('ready')
  @ApiOperation({ summary: "Readiness: this gateway's own NATS, Redis and Postgres connections are up" })
  @ApiOkResponse({ description: 'Ready to take traffic' })
  @ApiServiceUnavailableResponse({ description: 'One of its connections is down' })
  async ready(@Res({ passthrough: true }) response: Response): Promise<PlatformHealth['infrastructure'] & { status: ComponentStatus }> {
    const infrastructure = await this.health.checkInfrastructure();
    const status: ComponentStatus = Object.values(infrastructure).every((component) => component === 'up') ? 'up' : 'down';
    response.status(status === 'up' ? 200 : 503);
    return { status, ...infrastructure };
  }
}
