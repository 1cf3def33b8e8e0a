import { Module } from '@nestjs/common';
import { SkillsModule } from '../skills/skills.module';
import { HealthHandlers } from './health.handlers';
import { HealthService } from './health.service';

@Module({ imports: [SkillsModule], controllers: [HealthHandlers], providers: [HealthService] })
export class HealthModule {}
