/** A package the shell must provide for a remote, the range the remote was built against, and what the shell has. */
export interface UnmetRequirement {
  dependency: string;
  required: string;
  /** null: the shell does not provide it at all. */
  provided: string | null;
}

/** The version of a remote that was refused, and why. */
export interface RefusedRemoteVersion {
  /** As its masar-remote.json states it; null when it has no declaration. */
  version: string | null;
  /** Empty when the remote declares nothing (built before declarations, or not a Masar remote). */
  unmet: UnmetRequirement[];
}

/**
 * Thrown instead of loading a remote built for another shell runtime or other shared packages: loaded, it
 * would fail somewhere inside React. `fallback` is the configured last good version, when it was refused too.
 * Kept free of the federation runtime: the error panel imports it, the script embed (no federation) too.
 */
export class IncompatibleRemoteError extends Error {
  constructor(
    readonly remote: string,
    readonly refused: RefusedRemoteVersion,
    readonly fallback: RefusedRemoteVersion | null,
  ) {
    super(
      `${remote} ${refused.version ?? '(no masar-remote.json)'} is incompatible with this shell: ${describeUnmet(refused)}` +
        (fallback ? `; its last good version ${fallback.version ?? '(no masar-remote.json)'} too: ${describeUnmet(fallback)}` : ''),
    );
    this.name = 'IncompatibleRemoteError';
  }
}

function describeUnmet({ unmet }: RefusedRemoteVersion): string {
  if (unmet.length === 0) return 'it declares no compatible ranges';
  return unmet.map(({ dependency, required, provided }) => `needs ${dependency} ${required}, the shell has ${provided ?? 'none'}`).join(', ');
}
