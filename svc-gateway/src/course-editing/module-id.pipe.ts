import { MODULE_NOT_FOUND_MESSAGE } from '@masar/contracts';
import { NotFoundUnlessUuidPipe } from '../validation/not-found-unless-uuid.pipe';

/** The `:moduleId` of an editing route: 'Module not found' for an id that is not a UUID, as svc-courses says for others. */
export class ModuleIdPipe extends NotFoundUnlessUuidPipe {
  constructor() {
    super(MODULE_NOT_FOUND_MESSAGE);
  }
}
