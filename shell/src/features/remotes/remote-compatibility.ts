import { satisfy } from '@module-federation/enhanced/runtime';
import { IncompatibleRemoteError, type RefusedRemoteVersion, type UnmetRequirement } from './incompatible-remote';

/** Written beside each remote's mf-manifest.json by its build (shell/webpack/create-webpack-config.js). */
export const REMOTE_DECLARATION_FILE = 'masar-remote.json';

/** What a remote states about itself: its version and, per package it takes from the shell, the range it was built against. */
export interface RemoteDeclaration {
  name: string;
  version: string;
  requires: Record<string, string>;
}

declare const __MASAR_SHELL_PROVIDES__: Record<string, string> | undefined;

/** The versions this shell build provides (the shared singletons, its runtime, the contracts), set by webpack. */
export const SHELL_PROVIDES: Readonly<Record<string, string>> = typeof __MASAR_SHELL_PROVIDES__ === 'undefined' ? {} : __MASAR_SHELL_PROVIDES__;

/** masar-remote.json beside a manifest (a path on this origin or an absolute URL). */
export function declarationUrl(manifestUrl: string, base: string): string {
  return new URL(REMOTE_DECLARATION_FILE, new URL(manifestUrl, base)).href;
}

export function parseRemoteDeclaration(body: unknown): RemoteDeclaration | null {
  if (typeof body !== 'object' || body === null) return null;
  const { name, version, requires } = body as Record<string, unknown>;
  if (typeof name !== 'string' || typeof version !== 'string' || typeof requires !== 'object' || requires === null) return null;
  const ranges = Object.entries(requires as Record<string, unknown>);
  if (!ranges.every(([, range]) => typeof range === 'string')) return null;
  return { name, version, requires: Object.fromEntries(ranges) as Record<string, string> };
}

/** Every required range the shell's versions do not satisfy (a package the shell does not provide is unmet too). */
export function unmetRequirements(declaration: RemoteDeclaration, provided: Readonly<Record<string, string>>): UnmetRequirement[] {
  return Object.entries(declaration.requires)
    .filter(([dependency, required]) => {
      const version = provided[dependency];
      return version === undefined || !satisfy(version, required);
    })
    .map(([dependency, required]) => ({ dependency, required, provided: provided[dependency] ?? null }));
}

/** Reads a JSON document; null when there is none (404), an Error thrown when it could not be read at all. */
export type JsonReader = (url: string) => Promise<unknown>;

export const readJson: JsonReader = async (url) => {
  const response = await fetch(url, { cache: 'no-cache', credentials: 'same-origin' });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  return response.json();
};

/** Null when the version at this manifest fits the shell, otherwise what was refused. */
async function refusalOf(manifestUrl: string, options: CompatibilityOptions): Promise<RefusedRemoteVersion | null> {
  const declaration = parseRemoteDeclaration(await options.readJson(declarationUrl(manifestUrl, options.base)));
  if (!declaration) return { version: null, unmet: [] };
  const unmet = unmetRequirements(declaration, options.provided);
  return unmet.length === 0 ? null : { version: declaration.version, unmet };
}

export interface CompatibilityOptions {
  provided: Readonly<Record<string, string>>;
  readJson: JsonReader;
  /** What relative manifest paths resolve against: the page's address. */
  base: string;
}

/**
 * The manifest to load for a remote: the configured version when its declared ranges fit this shell,
 * else the configured last good version when that one fits. Otherwise an IncompatibleRemoteError says
 * what each needs, before anything of the remote runs.
 */
export async function compatibleManifest(
  remote: string,
  manifestUrl: string,
  fallbackUrl: string | undefined,
  options: CompatibilityOptions,
): Promise<string> {
  const refused = await refusalOf(manifestUrl, options);
  if (!refused) return manifestUrl;
  if (fallbackUrl !== undefined) {
    const fallbackRefused = await refusalOf(fallbackUrl, options);
    if (!fallbackRefused) {
      console.warn(new IncompatibleRemoteError(remote, refused, null).message, `: loading its last good version from ${fallbackUrl}`);
      return fallbackUrl;
    }
    throw new IncompatibleRemoteError(remote, refused, fallbackRefused);
  }
  throw new IncompatibleRemoteError(remote, refused, null);
}
