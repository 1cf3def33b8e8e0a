import { mapWithConcurrency } from './bounded-concurrency';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('mapWithConcurrency', () => {
  it('runs at most `limit` tasks at once and returns results in the items’ order', async () => {
    let running = 0;
    let mostAtOnce = 0;
    const results = await mapWithConcurrency([5, 1, 4, 2, 3, 6, 7], 3, async (item) => {
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise((resolve) => setTimeout(resolve, item * 3));
      running--;
      return item * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30, 60, 70]);
    expect(mostAtOnce).toBe(3);
  });

  it('rejects with the first failure and starts no further task', async () => {
    const started: number[] = [];
    const failure = mapWithConcurrency([0, 1, 2, 3, 4, 5], 2, async (item) => {
      started.push(item);
      if (item === 0) {
        await tick();
        throw new Error('lesson 0 failed');
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
      return item;
    });
    await expect(failure).rejects.toThrow('lesson 0 failed');
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(started).toEqual([0, 1]);
  });
});
