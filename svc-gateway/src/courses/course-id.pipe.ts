import { COURSE_NOT_FOUND_MESSAGE, SEARCH_PASSAGE_NOT_FOUND_MESSAGE } from '@masar/contracts';
import { NotFoundUnlessUuidPipe } from '../validation/not-found-unless-uuid.pipe';

/** The `:id` of a course route: 'Course not found' for an id that is not a UUID. */
export class CourseIdPipe extends NotFoundUnlessUuidPipe {
  constructor() {
    super(COURSE_NOT_FOUND_MESSAGE);
  }
}

/** The `:chunkId` of a search result's passage: the passage's 404 for an id that is not a UUID. */
export class SearchPassageIdPipe extends NotFoundUnlessUuidPipe {
  constructor() {
    super(SEARCH_PASSAGE_NOT_FOUND_MESSAGE);
  }
}
