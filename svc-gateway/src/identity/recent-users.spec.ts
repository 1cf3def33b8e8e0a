import type { User } from '@masar/contracts';
import { RecentUsers } from './recent-users';

function userOf(id: string, changes: Partial<User> = {}): User {
  return {
    id,
    username: `user-${id}`,
    role: 'learner',
    firstName: 'Nour',
    lastName: 'Saleh',
    email: `${id}@masar.test`,
    preferredLanguage: 'en',
    createdAt: '2026-01-01T00:00:00.000Z',
    active: true,
    mustChangePassword: false,
    ...changes,
  };
}

describe('RecentUsers', () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => {
    now = 1_000;
  });

  it('keeps a user for its time to live, then asks again', () => {
    const users = new RecentUsers(10, 5000, clock);
    users.set(userOf('a'), users.readStarted());
    now += 4999;
    expect(users.get('a')?.id).toBe('a');
    now += 1;
    expect(users.get('a')).toBeUndefined();
  });

  it('forgets a changed user at once', () => {
    const users = new RecentUsers(10, 5000, clock);
    users.set(userOf('a'), users.readStarted());
    users.forget('a');
    expect(users.get('a')).toBeUndefined();
  });

  it('does not keep a read that began before a change, which may hold the old role', () => {
    const users = new RecentUsers(10, 5000, clock);
    const readStartedAt = users.readStarted();
    // An admin's role change goes through while the read of the old user is on its way back.
    users.forget('a');
    users.set(userOf('a', { role: 'admin' }), readStartedAt);
    expect(users.get('a')).toBeUndefined();
    users.set(userOf('a', { role: 'admin' }), users.readStarted());
    expect(users.get('a')?.role).toBe('admin');
  });

  it('lets the least recently used user go first once full', () => {
    const users = new RecentUsers(2, 5000, clock);
    users.set(userOf('a'), users.readStarted());
    users.set(userOf('b'), users.readStarted());
    users.get('a');
    users.set(userOf('c'), users.readStarted());
    expect(users.size).toBe(2);
    expect(users.get('b')).toBeUndefined();
    expect(users.get('a')?.id).toBe('a');
    expect(users.get('c')?.id).toBe('c');
  });

  it('keeps nothing with a time to live of 0', () => {
    const users = new RecentUsers(10, 0, clock);
    users.set(userOf('a'), users.readStarted());
    expect(users.get('a')).toBeUndefined();
  });
});
