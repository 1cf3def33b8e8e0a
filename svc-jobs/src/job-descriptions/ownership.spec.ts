import type { Caller } from '@masar/contracts';
import { IsNull, Not } from 'typeorm';
import { ownerCondition } from './ownership';

const LEARNER: Caller = { id: '3f2b6c1e-8d4a-4f7b-9c2e-5a1d7e9b0c44', role: 'learner' };
const OTHER_LEARNER: Caller = { id: '7d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6', role: 'learner' };
const ADMIN: Caller = { id: '6f9d3a52-1c2b-4c1e-9d7a-0b5e8f1a2c3d', role: 'admin' };

describe('ownerCondition', () => {
  it('gives a learner only their own rows, whatever owner they ask for', () => {
    expect(ownerCondition(LEARNER)).toBe(LEARNER.id);
    expect(ownerCondition(LEARNER, OTHER_LEARNER.id)).toBe(LEARNER.id);
  });

  it('gives an admin every owned row (never a template), or one person’s when asked', () => {
    expect(ownerCondition(ADMIN)).toEqual(Not(IsNull()));
    expect(ownerCondition(ADMIN, LEARNER.id)).toBe(LEARNER.id);
  });
});

