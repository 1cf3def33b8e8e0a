import { LESSON_NOT_IN_COURSE_MESSAGE } from '@masar/contracts';
import { NotFoundUnlessUuidPipe } from '../validation/not-found-unless-uuid.pipe';

/** The `:lessonId` of a progress route: an id that is not a UUID names no lesson of any course. */
export class LessonIdPipe extends NotFoundUnlessUuidPipe {
  constructor() {
    super(LESSON_NOT_IN_COURSE_MESSAGE);
  }
}
