import { Module } from '@nestjs/common';
import { PathCandidatesClient } from './path-candidates.client';
import { NatsClientModule } from '@masar/contracts/service-kit';

/** svc-progress' calls to svc-courses. */
@Module({
  imports: [NatsClientModule],
  providers: [PathCandidatesClient],
  exports: [PathCandidatesClient],
})
export class CoursesClientModule {}
