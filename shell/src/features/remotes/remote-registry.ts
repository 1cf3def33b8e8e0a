import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { compatibleManifest, readJson, SHELL_PROVIDES } from './remote-compatibility';

export const REMOTE_NAMES = ['mf_courses', 'mf_jobroles', 'mf_progress', 'mf_agents'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export interface DemoCredentials {
  username: string;
  password: string;
}

/** `/app-config.json`, served by the gateway: where each remote's manifest lives today, the demo sign-in. */
export interface AppConfig {
  remotes: Record<RemoteName, string>;
  /** The configured last good version's manifest, for remotes that have one: loaded when the configured one is incompatible. */
  remoteFallbacks: Partial<Record<RemoteName, string>>;
  /** Shown on the login screen; null when the deployment hides them. */
  demoCredentials: DemoCredentials | null;
  /** "Sign in with <organisation>": one button per configured provider (OIDC, SAML); empty without single sign-on. */
  singleSignOn: SingleSignOn[];
  /** False when the deployment signs people in only through single sign-on. */
  localPasswordsEnabled: boolean;
  /** The origins whose pages may frame `/embed/*`: a frame talks only to a host among these. */
  embedAllowedOrigins: string[];
}

export interface SingleSignOn {
  displayName: string;
  loginUrl: string;
}

function parseSingleSignOnProvider(value: unknown): SingleSignOn | null {
  if (typeof value !== 'object' || value === null) return null;
  const { displayName, loginUrl } = value as Record<string, unknown>;
  // Only a path on this origin: the gateway starts the sign-in, never a link the config could point elsewhere.
  return typeof displayName === 'string' && typeof loginUrl === 'string' && loginUrl.startsWith('/') && !loginUrl.startsWith('//')
    ? { displayName, loginUrl }
    : null;
}

/** The providers' buttons; a lone object is what a gateway from before SAML sends. */
function parseSingleSignOn(value: unknown): SingleSignOn[] {
  const providers = Array.isArray(value) ? value : [value];
  return providers.map(parseSingleSignOnProvider).filter((provider): provider is SingleSignOn => provider !== null);
}

function parseDemoCredentials(value: unknown): DemoCredentials | null {
  if (typeof value !== 'object' || value === null) return null;
  const { username, password } = value as Record<string, unknown>;
  return typeof username === 'string' && typeof password === 'string' ? { username, password } : null;
}

function parseEmbedAllowedOrigins(value: unknown): string[] {
  if (typeof value !== 'object' || value === null) return [];
  const { allowedOrigins } = value as Record<string, unknown>;
  return Array.isArray(allowedOrigins) ? allowedOrigins.filter((origin): origin is string => typeof origin === 'string') : [];
}

/** A gateway from before versioned remotes sends none. */
function parseRemoteFallbacks(value: unknown): Partial<Record<RemoteName, string>> {
  if (typeof value !== 'object' || value === null) return {};
  const fallbacks: Partial<Record<RemoteName, string>> = {};
  for (const name of REMOTE_NAMES) {
    const manifestUrl = (value as Record<string, unknown>)[name];
    if (typeof manifestUrl === 'string' && manifestUrl.length > 0) fallbacks[name] = manifestUrl;
  }
  return fallbacks;
}

export const APP_CONFIG_URL = '/app-config.json';

export function parseAppConfig(body: unknown): AppConfig {
  const remotes = typeof body === 'object' && body !== null ? (body as { remotes?: unknown }).remotes : undefined;
  if (typeof remotes !== 'object' || remotes === null) throw new Error(`${APP_CONFIG_URL} has no "remotes" object`);
  const entries = remotes as Record<string, unknown>;
  const parsed = {} as Record<RemoteName, string>;
  for (const name of REMOTE_NAMES) {
    const manifestUrl = entries[name];
    if (typeof manifestUrl !== 'string' || manifestUrl.length === 0) {
      throw new Error(`${APP_CONFIG_URL} gives no manifest URL for ${name}`);
    }
    parsed[name] = manifestUrl;
  }
  const fields = body as { remoteFallbacks?: unknown; demoCredentials?: unknown; singleSignOn?: unknown; localPasswordsEnabled?: unknown; embed?: unknown };
  return {
    remotes: parsed,
    remoteFallbacks: parseRemoteFallbacks(fields.remoteFallbacks),
    demoCredentials: parseDemoCredentials(fields.demoCredentials),
    singleSignOn: parseSingleSignOn(fields.singleSignOn),
    localPasswordsEnabled: fields.localPasswordsEnabled !== false,
    embedAllowedOrigins: parseEmbedAllowedOrigins(fields.embed),
  };
}

async function fetchAppConfig(): Promise<AppConfig> {
  const response = await fetch(APP_CONFIG_URL, { cache: 'no-store', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
  return parseAppConfig(await response.json());
}

// Read once per page; read again when a load is retried, since the remote may have been
// redeployed elsewhere. A failed read is forgotten so that Retry asks again.
let appConfig: Promise<AppConfig> | null = null;
/** The manifest each remote was registered with: a new one (moved version, fallback) is registered again. */
const registeredEntries = new Map<RemoteName, string>();
/** The manifest chosen for each remote after its compatibility check, once per page unless a load is retried. */
const chosenManifests = new Map<RemoteName, Promise<string>>();

/** Drops the cached config, so the next read asks the gateway again. */
export function forgetAppConfig(): void {
  appConfig = null;
}

export function readAppConfig(): Promise<AppConfig> {
  if (!appConfig) {
    appConfig = fetchAppConfig().catch((error: unknown) => {
      appConfig = null;
      throw error;
    });
  }
  return appConfig;
}

export interface LoadRemoteOptions {
  /** After a failure: read the app config again and drop what the federation runtime cached for this remote. */
  fresh: boolean;
}

export type RemoteModuleLoader = <T>(remote: RemoteName, exposedModule: string, options: LoadRemoteOptions) => Promise<T>;

/**
 * Loads `./CoursesPage` of `mf_courses` at runtime from the manifest the app config names (the version
 * the gateway is configured with), so a remote moves forward or back without rebuilding the shell. The
 * remote's masar-remote.json is checked first: one built for another shell is refused, or replaced by
 * its configured last good version.
 */
export const loadRemoteModule: RemoteModuleLoader = async <T>(
  remote: RemoteName,
  exposedModule: string,
  { fresh }: LoadRemoteOptions,
): Promise<T> => {
  if (fresh) {
    appConfig = null;
    chosenManifests.delete(remote);
  }
  const config = await readAppConfig();
  let chosen = chosenManifests.get(remote);
  if (!chosen) {
    chosen = compatibleManifest(remote, config.remotes[remote], config.remoteFallbacks[remote], {
      provided: SHELL_PROVIDES,
      readJson,
      base: window.location.href,
    });
    chosenManifests.set(remote, chosen);
    // A failed check is asked again next time (the remote may be moved by then).
    chosen.catch(() => chosenManifests.delete(remote));
  }
  const entry = await chosen;
  if (registeredEntries.get(remote) !== entry || fresh) {
    registerRemotes([{ name: remote, entry }], { force: registeredEntries.has(remote) });
    registeredEntries.set(remote, entry);
  }
  const loaded = await loadRemote<T>(`${remote}/${exposedModule.replace(/^\.\//, '')}`);
  if (loaded === null || loaded === undefined) throw new Error(`${remote} returned nothing for ${exposedModule}`);
  return loaded;
};
