import {
  CourseProgress,
  GetCourseProgressRequest,
  getCourseProgressRequestSchema,
  PROGRESS_SUBJECTS,
  LessonProgressReportedEvent,
  lessonProgressReportedEventSchema,
} from '@masar/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ZodPayloadPipe } from '../validation/zod-payload.pipe';
import { LessonProgressService } from './lesson-progress.service';

@Controller()
export class LessonProgressHandlers {
  constructor(private readonly lessonProgress: LessonProgressService) {}

  @MessagePattern(PROGRESS_SUBJECTS.RECORD_LESSON_PROGRESS)
  record(
    @Payload(new ZodPayloadPipe(lessonProgressReportedEventSchema)) request: LessonProgressReportedEvent,
  ): Promise<CourseProgress> {
    return this.lessonProgress.record(request);
  }

  @MessagePattern(PROGRESS_SUBJECTS.GET_COURSE_PROGRESS)
  get(@Payload(new ZodPayloadPipe(getCourseProgressRequestSchema)) request: GetCourseProgressRequest): Promise<CourseProgress> {
    return this.lessonProgress.get(request);
  }
}
