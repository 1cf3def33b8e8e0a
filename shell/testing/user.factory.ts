import type { User } from '@masar/contracts';

let sequence = 0;

/** A user as the gateway returns it; override what the test is about. */
export function buildUser(overrides: Partial<User> = {}): User {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    username: `learner${sequence}`,
    role: 'learner',
    firstName: 'Layla',
    lastName: 'Haddad',
    email: `learner${sequence}@masar.test`,
    preferredLanguage: 'en',
    createdAt: '2026-01-15T09:30:00.000Z',
    active: true,
    mustChangePassword: false,
    ...overrides,
  };
}
