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

  /**
   * Embed clients (issue 18) sign in with a secret too, but a suite's server asks for a token on
   * every page view, so only wrong secrets count here (per client id and per address, in the same
   * windows as sign-ins): a client or address that used up its failures is refused before its secret
   * is checked again, until its window ends.
   */
  async refuseLockedOutEmbedClient(clientId: string, address: string): Promise<void> {
    const limits = this.config.loginRateLimit;
    let counts: Array<string | null>;
    try {
      counts = await this.redis.mGet(this.embedKeys(clientId, address));
    } catch {
      throw new ServiceUnavailableException({ statusCode: 503, message: 'Embed sign-in is unavailable right now' });
    }
    const [clientFailures, addressFailures] = counts.map(Number);
    if (clientFailures >= limits.maxAttemptsPerAccount || addressFailures >= limits.maxAttemptsPerAddress) {
      throw new HttpException(
        {
          statusCode: HttpStatus.TOO_MANY_REQUESTS,
          message: `Too many wrong embed client credentials. Please wait ${limits.windowMinutes} minutes and try again.`,
        },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
  }

  /** One wrong embed client secret (or unknown client id) more, for the client id and the address. */
  async countFailedEmbedClient(clientId: string, address: string): Promise<void> {
    const windowSeconds = this.config.loginRateLimit.windowMinutes * 60;
    const [clientKey, addressKey] = this.embedKeys(clientId, address);
    await this.redis
      .multi()
      .set(clientKey, 0, { condition: 'NX', expiration: { type: 'EX', value: windowSeconds } })
      .incr(clientKey)
      .set(addressKey, 0, { condition: 'NX', expiration: { type: 'EX', value: windowSeconds } })
      .incr(addressKey)
      .exec();
  }

  private embedKeys(clientId: string, address: string): [string, string] {
    const prefix = this.config.loginRateLimit.keyPrefix;
    // A client id is the caller's text: bounded, so no one grows Redis keys at will.
    return [`${prefix}embed-client:${clientId.slice(0, 128)}`, `${prefix}embed-address:${address}`];
  }

  private accountKey(username: string): string {
    return `${this.config.loginRateLimit.keyPrefix}account:${username.trim().toLowerCase()}`;
  }
}
