import { Module } from '@nestjs/common';
import { HealthHandlers } from './health.handlers';
import { HealthService } from './health.service';

@Module({ controllers: [HealthHandlers], providers: [HealthService] })
export class HealthModule {}
