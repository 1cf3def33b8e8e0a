import type { User } from '@masar/contracts';

/**
 * Users the session guard read from identity moments ago, so a burst of requests (a page's parallel
 * calls, a search typed key by key) asks identity once. Bounded (least recently used leave first)
 * and short-lived: every change the gateway forwards to identity forgets its user at once, and
 * anything else (another gateway, a database edit) shows within `ttlMs`. A plain Map keeps
 * insertion order, which is all an LRU of this size needs: no cache library in the gateway for it.
 */
export class RecentUsers {
  private readonly entries = new Map<string, { user: User; expiresAt: number }>();
  /** Moves on with every forget: a read that began before one must not store what it read. */
  private generation = 0;

  constructor(
    private readonly capacity: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0 && this.capacity > 0;
  }

  get(id: string): User | undefined {
    const entry = this.entries.get(id);
    if (entry === undefined) return undefined;
    this.entries.delete(id);
    if (entry.expiresAt <= this.now()) return undefined;
    // Read again: it becomes the most recently used.
    this.entries.set(id, entry);
    return entry.user;
  }

  /** A token to hand back to `set`: the user is kept only if nothing was forgotten since it was taken. */
  readStarted(): number {
    return this.generation;
  }

  set(user: User, readStartedAt: number): void {
    if (!this.enabled || readStartedAt !== this.generation) return;
    this.entries.delete(user.id);
    this.entries.set(user.id, { user, expiresAt: this.now() + this.ttlMs });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  /** The user changed (role, active, password, profile) or is gone: the next request asks identity. */
  forget(id: string): void {
    this.generation += 1;
    this.entries.delete(id);
  }

  get size(): number {
    return this.entries.size;
  }
}
