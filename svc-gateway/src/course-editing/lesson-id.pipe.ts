import { LESSON_NOT_FOUND_MESSAGE } from '@masar/contracts';
import { NotFoundUnlessUuidPipe } from '../validation/not-found-unless-uuid.pipe';

/** The `:lessonId` of an editing route: 'Lesson not found' for an id that is not a UUID, as svc-courses says for others. */
export class EditedLessonIdPipe extends NotFoundUnlessUuidPipe {
  constructor() {
    super(LESSON_NOT_FOUND_MESSAGE);
  }
}
