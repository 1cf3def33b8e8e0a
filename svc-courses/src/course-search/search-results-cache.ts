import { LRUCache } from 'lru-cache';

/**
 * Search results kept per index version: an entry is never served once the index has moved past
 * the version it was computed at (the first lookup or entry under a newer version empties the
 * cache). Least recently used entries leave first once `capacity` is reached.
 */
export class SearchResultsCache<T extends object> {
  private version: bigint | null = null;
  private readonly entries: LRUCache<string, T>;

  constructor(capacity: number) {
    this.entries = new LRUCache<string, T>({ max: capacity });
  }

  get(version: string, key: string): T | undefined {
    this.moveTo(BigInt(version));
    return this.entries.get(key);
  }

  /** Keeps `entry` unless the index has moved past `version` meanwhile (then it is already stale). */
  set(version: string, key: string, entry: T): void {
    const at = BigInt(version);
    if (this.version !== null && at < this.version) return;
    this.moveTo(at);
    this.entries.set(key, entry);
  }

  get size(): number {
    return this.entries.size;
  }

  private moveTo(version: bigint): void {
    if (this.version !== null && version <= this.version) return;
    this.version = version;
    this.entries.clear();
  }
}
