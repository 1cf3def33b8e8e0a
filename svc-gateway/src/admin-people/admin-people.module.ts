import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { JobsModule } from '../jobs/jobs.module';
import { LearningPathsModule } from '../learning-paths/learning-paths.module';
import { AdminPeopleController } from './admin-people.controller';

@Module({ imports: [IdentityModule, JobsModule, LearningPathsModule], controllers: [AdminPeopleController] })
export class AdminPeopleModule {}
