import { Module } from '@nestjs/common';
import { PathCandidatesHandlers } from './path-candidates.handlers';
import { PathCandidatesService } from './path-candidates.service';

/** What a learning path may choose from: svc-progress plans, svc-courses knows the catalog. */
@Module({
  controllers: [PathCandidatesHandlers],
  providers: [PathCandidatesService],
})
export class PathCandidatesModule {}
