import { currentDeadline, runWithDeadline, timeLeftMs } from './deadline';

describe('the current deadline', () => {
  it('follows the work it was set for, across awaits, and only that work', async () => {
    expect(currentDeadline()).toBeUndefined();
    const seen = await runWithDeadline(42_000, async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return currentDeadline();
    });
    expect(seen).toBe(42_000);
    expect(currentDeadline()).toBeUndefined();
    expect(runWithDeadline(42_000, () => runWithDeadline(undefined, () => currentDeadline()))).toBeUndefined();
  });

  it('counts the time left, never below zero, and falls back without a deadline', () => {
    expect(timeLeftMs(10_500, 99, 10_000)).toBe(500);
    expect(timeLeftMs(9_000, 99, 10_000)).toBe(0);
    expect(timeLeftMs(undefined, 99, 10_000)).toBe(99);
  });
});
