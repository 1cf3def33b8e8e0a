import { insertAt, isReorderOf } from './structure-order';

describe('isReorderOf', () => {
  const current = ['a', 'b', 'c'];

  it('accepts the same ids in any order, the unchanged order included', () => {
    expect(isReorderOf(current, ['c', 'a', 'b'])).toBe(true);
    expect(isReorderOf(current, ['a', 'b', 'c'])).toBe(true);
  });

  it('refuses a list that leaves one out, adds a stranger, repeats one or swaps one for another', () => {
    expect(isReorderOf(current, ['a', 'b'])).toBe(false);
    expect(isReorderOf(current, ['a', 'b', 'c', 'd'])).toBe(false);
    expect(isReorderOf(current, ['a', 'a', 'b'])).toBe(false);
    expect(isReorderOf(current, ['a', 'b', 'd'])).toBe(false);
    expect(isReorderOf(current, [])).toBe(false);
  });
});

describe('insertAt', () => {
  it('puts the id at the position, at the end when none is given or it is past the end', () => {
    expect(insertAt(['a', 'b'], 'x', 0)).toEqual(['x', 'a', 'b']);
    expect(insertAt(['a', 'b'], 'x', 1)).toEqual(['a', 'x', 'b']);
    expect(insertAt(['a', 'b'], 'x', undefined)).toEqual(['a', 'b', 'x']);
    expect(insertAt(['a', 'b'], 'x', 9)).toEqual(['a', 'b', 'x']);
    expect(insertAt([], 'x', 3)).toEqual(['x']);
  });
});
