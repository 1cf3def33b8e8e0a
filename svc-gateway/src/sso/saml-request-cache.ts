import type { CacheItem, CacheProvider } from '@node-saml/node-saml';
import type { RedisClient } from '../redis/redis.module';

/**
 * node-saml's store of the AuthnRequest ids it sent, over the gateway's Redis, so that every
 * gateway instance recognises a response's InResponseTo and each id is read back at most once.
 */
export class RedisSamlRequestCache implements CacheProvider {
  constructor(
    private readonly redis: RedisClient,
    private readonly keyPrefix: string,
    private readonly ttlMs: number,
  ) {}

  private key(requestId: string): string {
    return `${this.keyPrefix}request:${requestId}`;
  }

  /** Like node-saml's in-memory cache: null when the id is already there. */
  async saveAsync(requestId: string, value: string): Promise<CacheItem | null> {
    const saved = await this.redis.set(this.key(requestId), value, { PX: this.ttlMs, NX: true });
    return saved === null ? null : { value, createdAt: Date.now() };
  }

  getAsync(requestId: string): Promise<string | null> {
    return this.redis.get(this.key(requestId));
  }

  async removeAsync(requestId: string | null): Promise<string | null> {
    return requestId ? this.redis.getDel(this.key(requestId)) : null;
  }
}
