import {
  type Caller,
  CourseProgress,
  GetCourseProgressRequest,
  getCourseProgressRequestSchema,
  PROGRESS_SUBJECTS,
  LessonProgressReportedEvent,
  lessonProgressReportedEventSchema,
} from '@masar/contracts';
import { RequestCaller, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
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
  get(
    @Payload(new ZodPayloadPipe(getCourseProgressRequestSchema)) request: GetCourseProgressRequest,
    @RequestCaller() caller: Caller,
  ): Promise<CourseProgress> {
    return this.lessonProgress.get(caller.id, request);
  }
}
