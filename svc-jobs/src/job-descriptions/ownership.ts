import { type Caller, isAdminCaller } from '@masar/contracts';
import { type FindOperator, IsNull, Not } from 'typeorm';

/**
 * The rule of who may see a job description, as a condition on its `createdBy`: a learner only
 * their own; an admin everybody's, or one person's when asking for it (`requestedOwnerId`, ignored for
 * a learner). A predefined role's template has no owner and so never matches: nobody lists, reads,
 * reviews or deletes it as somebody's job description.
 */
export function ownerCondition(caller: Caller, requestedOwnerId?: string): string | FindOperator<string> {
  if (!isAdminCaller(caller)) {
    return caller.id;
  }
  return requestedOwnerId ?? Not(IsNull());
}

