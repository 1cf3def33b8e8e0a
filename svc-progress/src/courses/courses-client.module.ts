import { Module } from '@nestjs/common';
import { NatsClientModule } from '../nats/nats-client.module';
import { PathCandidatesClient } from './path-candidates.client';

/** svc-progress' calls to svc-courses. */
@Module({
  imports: [NatsClientModule],
  providers: [PathCandidatesClient],
  exports: [PathCandidatesClient],
})
export class CoursesClientModule {}
