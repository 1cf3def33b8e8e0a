import { Module } from '@nestjs/common';
import { AiModule } from '../ai/ai.module';
import { CourseSearchHandlers } from './course-search.handlers';
import { CourseSearchService } from './course-search.service';
import { SearchIndexBackfill } from './search-index-backfill';

/** Course search: the passage index's boot backfill, the search itself and its answer. */
@Module({
  imports: [AiModule],
  controllers: [CourseSearchHandlers],
  providers: [CourseSearchService, SearchIndexBackfill],
  exports: [SearchIndexBackfill],
})
export class CourseSearchModule {}
