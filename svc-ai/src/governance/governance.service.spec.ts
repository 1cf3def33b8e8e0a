import { budgetOf, monthStartOf, mustAcceptNotice } from './governance.service';

const learner = { id: '7b0f7f4e-5a2c-4d1e-9f53-0d6f1d0c2a11', role: 'learner' as const };
const admin = { id: '5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b', role: 'admin' as const };

describe('governance rules', () => {
  it('counts a month from its first instant in UTC, whatever the time zone of the clock', () => {
    expect(monthStartOf(new Date('2026-03-31T23:30:00-05:00')).toISOString()).toBe('2026-04-01T00:00:00.000Z');
    expect(monthStartOf(new Date('2026-01-01T00:00:00.000Z')).toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it('applies a person’s own budget over the default, and no limit when neither is set', () => {
    expect(budgetOf(500, 10_000)).toBe(500);
    expect(budgetOf(0, 10_000)).toBe(0);
    expect(budgetOf(undefined, 10_000)).toBe(10_000);
    expect(budgetOf(undefined, null)).toBeNull();
  });

  it('asks only a learner, only once a notice is published, only until they accept its current version', () => {
    expect(mustAcceptNotice(learner, 2, false)).toBe(true);
    expect(mustAcceptNotice(learner, 2, true)).toBe(false);
    expect(mustAcceptNotice(learner, null, false)).toBe(false);
    expect(mustAcceptNotice(admin, 2, false)).toBe(false);
    expect(mustAcceptNotice(null, 2, false)).toBe(false);
  });
});
