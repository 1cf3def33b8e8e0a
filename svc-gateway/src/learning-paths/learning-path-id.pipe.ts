import { LEARNING_PATH_NOT_FOUND_MESSAGE } from '@masar/contracts';
import { NotFoundUnlessUuidPipe } from '../validation/not-found-unless-uuid.pipe';

/** The `:id` of a learning-path route: 'Learning path not found' for an id that is not a UUID. */
export class LearningPathIdPipe extends NotFoundUnlessUuidPipe {
  constructor() {
    super(LEARNING_PATH_NOT_FOUND_MESSAGE);
  }
}
