import type { Caller } from '@masar/contracts';
import { changeableBy, listedOwnerOf, readableBy } from './path-ownership';

const LEARNER: Caller = { id: '3f2b6c1e-8d4a-4f7b-9c2e-5a1d7e9b0c44', role: 'learner' };
const OTHER: Caller = { id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', role: 'learner' };
const ADMIN: Caller = { id: '6f9d3a52-1c2b-4c1e-9d7a-0b5e8f1a2c3d', role: 'admin' };
const PATH_ID = '0b8f5f9e-6a4e-4d52-9a39-2f0c2d1f8f10';

describe('learning path ownership', () => {
  it('lists a learner’s own paths, whoever they ask for; an admin’s own, or the person asked for', () => {
    expect(listedOwnerOf(LEARNER)).toBe(LEARNER.id);
    expect(listedOwnerOf(LEARNER, OTHER.id)).toBe(LEARNER.id);
    expect(listedOwnerOf(ADMIN)).toBe(ADMIN.id);
    expect(listedOwnerOf(ADMIN, OTHER.id)).toBe(OTHER.id);
  });

  it('lets a learner read and delete only their own path, and an admin anybody’s', () => {
    expect(readableBy(LEARNER, PATH_ID)).toEqual({ id: PATH_ID, userId: LEARNER.id });
    expect(readableBy(ADMIN, PATH_ID)).toEqual({ id: PATH_ID });
  });

  it('lets only the path’s own learner re-plan it, even when an admin asks', () => {
    expect(changeableBy(LEARNER, PATH_ID)).toEqual({ id: PATH_ID, userId: LEARNER.id });
    expect(changeableBy(ADMIN, PATH_ID)).toEqual({ id: PATH_ID, userId: ADMIN.id });
  });
});
