import { IdentityClient } from './identity.client';

export interface PersonName {
  userName: string | null;
  userEmail: string | null;
}

const UNKNOWN: PersonName = { userName: null, userEmail: null };

/**
 * Names and emails of the people an answer mentions, from svc-identity (svc-ai knows people by id
 * only). One instance serves one request or one export: each person is asked for once, all of them at
 * once. Someone identity no longer knows, or identity not answering, is a name of null, never a failure:
 * a name is only a label on a report.
 */
export class PeopleNames {
  private readonly asked = new Map<string, Promise<PersonName>>();

  constructor(private readonly identity: IdentityClient) {}

  async of(userIds: readonly (string | null)[]): Promise<Map<string, PersonName>> {
    const distinct = [...new Set(userIds.filter((userId): userId is string => userId !== null))];
    const named = await Promise.all(distinct.map(async (userId) => [userId, await this.one(userId)] as const));
    return new Map(named);
  }

  private one(userId: string): Promise<PersonName> {
    let name = this.asked.get(userId);
    if (!name) {
      name = this.identity.getUser(userId).then(
        (user) => ({ userName: `${user.firstName} ${user.lastName}`.trim(), userEmail: user.email }),
        () => UNKNOWN,
      );
      this.asked.set(userId, name);
    }
    return name;
  }
}

/** `item` with the name and email of `item.userId` (null when unknown). */
export function withNameOf<T extends { userId: string | null }>(item: T, names: Map<string, PersonName>): T & PersonName {
  return { ...item, ...((item.userId !== null && names.get(item.userId)) || UNKNOWN) };
}
