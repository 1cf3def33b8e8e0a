import { type Caller, isAdminCaller } from '@masar/contracts';
import type { FindOptionsWhere } from 'typeorm';
import type { LearningPathRecord } from './entities/learning-path.entity';

/** Whose paths a caller lists: their own; an admin may ask for one person's (`ownerId`). */
export function listedOwnerOf(caller: Caller, ownerId?: string): string {
  return isAdminCaller(caller) && ownerId ? ownerId : caller.id;
}

/**
 * The paths a caller may read or delete: a learner only their own (another's id is as absent as a
 * deleted one: 404, so ids cannot be probed); an admin anybody's.
 */
export function readableBy(caller: Caller, id: string): FindOptionsWhere<LearningPathRecord> {
  return isAdminCaller(caller) ? { id } : { id, userId: caller.id };
}

/** Re-planning is the learner's own business: only the path's learner may change it, admins included. */
export function changeableBy(caller: Caller, id: string): FindOptionsWhere<LearningPathRecord> {
  return { id, userId: caller.id };
}
