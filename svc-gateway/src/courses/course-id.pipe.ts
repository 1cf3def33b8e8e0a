import { COURSE_NOT_FOUND_MESSAGE } from '@masar/contracts';
import { NotFoundUnlessUuidPipe } from '../validation/not-found-unless-uuid.pipe';

/** The `:id` of a course route: 'Course not found' for an id that is not a UUID. */
export class CourseIdPipe extends NotFoundUnlessUuidPipe {
  constructor() {
    super(COURSE_NOT_FOUND_MESSAGE);
  }
}
