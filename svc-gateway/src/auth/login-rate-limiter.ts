import { HttpException, HttpStatus, Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { REDIS_CLIENT, RedisClient } from '../redis/redis.module';

/**
 * Sign-in attempts per account and per client address, counted in Redis in fixed windows.
 *
 * An attempt is reserved (counted) atomically BEFORE the password is checked, so parallel
 * guesses cannot slip past the limit, and a success hands back only its own reservation
 * instead of clearing the counter: the counter is then the number of failed attempts in
 * the window, and a person who signs in often cannot reset it for an attacker. A window
 * starts with the first attempt and lasts LOGIN_WINDOW_MINUTES; windows never overlap, so
 * any 60 minutes meet at most ceil(60 / window) + 1 of them. With the defaults (10 per
 * 15 minutes) that is at most 10 x 5 = 50 failures an hour on one account, and config.ts
 * refuses settings under which the product could exceed 100.
 */
@Injectable()
export class LoginRateLimiter {
  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** Counts one attempt, or refuses with 429 when the account or the address used up its window. */
  async reserveAttempt(username: string, address: string): Promise<void> {
    const limits = this.config.loginRateLimit;
    const windowSeconds = limits.windowMinutes * 60;
    const accountKey = this.accountKey(username);
    const addressKey = `${limits.keyPrefix}address:${address}`;
    let counts: number[];
    try {
      // SET NX EX starts the window (and its expiry) with the first attempt; INCR counts.
      const replies = await this.redis
        .multi()
        .set(accountKey, 0, { condition: 'NX', expiration: { type: 'EX', value: windowSeconds } })
        .incr(accountKey)
        .set(addressKey, 0, { condition: 'NX', expiration: { type: 'EX', value: windowSeconds } })
        .incr(addressKey)
        .exec();
      counts = [Number(replies[1]), Number(replies[3])];
    } catch {
      throw new ServiceUnavailableException({ statusCode: 503, message: 'Sign-in is unavailable right now' });
    }
    const [accountAttempts, addressAttempts] = counts;
    if (accountAttempts > limits.maxAttemptsPerAccount || addressAttempts > limits.maxAttemptsPerAddress) {
      throw new HttpException(
        {
          statusCode: HttpStatus.TOO_MANY_REQUESTS,
          message: `Too many sign-in attempts. Please wait ${limits.windowMinutes} minutes and try again.`,
        },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
  }

  /** A successful sign-in does not count as a failure: give its reservation back. */
  async releaseSuccessfulAttempt(username: string): Promise<void> {
    const accountKey = this.accountKey(username);
    // Only decrement a live counter: never create a key without an expiry.
    await this.redis.eval(
      "if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end return 0",
      { keys: [accountKey] },
    );
  }

  private accountKey(username: string): string {
    return `${this.config.loginRateLimit.keyPrefix}account:${username.trim().toLowerCase()}`;
  }
}
