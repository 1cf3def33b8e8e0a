import {
  COURSES_SUBJECTS,
  CourseSearchQuery,
  courseSearchQuerySchema,
  CourseSearchResponse,
  SearchPassage,
  SearchPassageRequest,
  searchPassageRequestSchema,
} from '@masar/contracts';
import { callerOf, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { Controller } from '@nestjs/common';
import { Ctx, MessagePattern, NatsContext, Payload } from '@nestjs/microservices';
import { CourseSearchService } from './course-search.service';

@Controller()
export class CourseSearchHandlers {
  constructor(private readonly search: CourseSearchService) {}

  @MessagePattern(COURSES_SUBJECTS.SEARCH)
  // The caller is whom svc-ai answers for: their AI governance and metering apply to the answer.
  searchCourses(@Payload(new ZodPayloadPipe(courseSearchQuerySchema)) query: CourseSearchQuery, @Ctx() context: NatsContext): Promise<CourseSearchResponse> {
    return this.search.search(query, callerOf(context));
  }

  @MessagePattern(COURSES_SUBJECTS.SEARCH_PASSAGE)
  // Learners read passages of published courses only; admins every passage.
  searchPassage(@Payload(new ZodPayloadPipe(searchPassageRequestSchema)) request: SearchPassageRequest, @Ctx() context: NatsContext): Promise<SearchPassage> {
    return this.search.passage(request.id, callerOf(context));
  }
}
