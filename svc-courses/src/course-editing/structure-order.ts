/**
 * True when `proposed` is a new order of exactly the `current` ids: each of them once, nothing else.
 * A shorter list (a module dropped), a stranger's id or a repeat would lose or invent rows.
 */
export function isReorderOf(current: readonly string[], proposed: readonly string[]): boolean {
  if (current.length !== proposed.length) return false;
  const remaining = new Set(current);
  for (const id of proposed) {
    if (!remaining.delete(id)) return false;
  }
  return remaining.size === 0;
}

/** `ids` with `id` put at `position` (clamped to the end), for a lesson moved into a module. */
export function insertAt(ids: readonly string[], id: string, position: number | undefined): string[] {
  const at = position === undefined ? ids.length : Math.min(position, ids.length);
  return [...ids.slice(0, at), id, ...ids.slice(at)];
}
