import { type Caller, CourseDetail, LESSON_VIDEO_SUBJECTS, SetLessonVideoRequest, setLessonVideoRequestSchema } from '@masar/contracts';
import { RequestCaller, requireAdmin, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { LessonVideoService } from './lesson-video.service';

/** Admins only: the gateway lets only admins through, and svc-courses checks the caller it names too. */
@Controller()
export class LessonVideoHandlers {
  constructor(private readonly videos: LessonVideoService) {}

  @MessagePattern(LESSON_VIDEO_SUBJECTS.SET_LESSON_VIDEO)
  setVideo(@Payload(new ZodPayloadPipe(setLessonVideoRequestSchema)) request: SetLessonVideoRequest, @RequestCaller() caller: Caller): Promise<CourseDetail> {
    requireAdmin(caller);
    return this.videos.setVideo(request);
  }
}
