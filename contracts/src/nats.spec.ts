import { DEADLINE_MARGIN_MS, formatDeadline, onwardDeadline, parseDeadline } from './nats';

describe('deadline header', () => {
  it('reads back what it writes', () => {
    expect(parseDeadline(formatDeadline(1_767_225_600_123.7))).toBe(1_767_225_600_123);
  });

  it('ignores a missing or malformed value', () => {
    expect(parseDeadline(undefined)).toBeUndefined();
    expect(parseDeadline(null)).toBeUndefined();
    expect(parseDeadline('')).toBeUndefined();
    expect(parseDeadline('soon')).toBeUndefined();
    expect(parseDeadline('-5')).toBeUndefined();
    expect(parseDeadline('0')).toBeUndefined();
    expect(parseDeadline('1e12')).toBeUndefined();
  });

  it('sends on the sooner of the received deadline (less the margin) and the own limit', () => {
    const now = 1_000_000;
    expect(onwardDeadline(undefined, 20_000, now)).toBe(now + 20_000);
    expect(onwardDeadline(now + 30_000, 20_000, now)).toBe(now + 20_000);
    expect(onwardDeadline(now + 10_000, 20_000, now)).toBe(now + 10_000 - DEADLINE_MARGIN_MS);
  });
});
