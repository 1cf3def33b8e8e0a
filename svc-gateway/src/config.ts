import { DEFAULT_MAX_EXERCISE_ATTACHMENT_BYTES, DEFAULT_MAX_LESSON_VIDEO_BYTES, DEFAULT_MAX_UPLOAD_BYTES } from '@masar/contracts';
import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { readFileSync } from 'node:fs';
import { exactOrigin } from '@masar/contracts';
import { parseFrameAncestors } from './security/content-security-policy';
import { parseIdentityProviderMetadata } from './sso/saml-idp-metadata';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The repository root, both from `src/` (tests) and from `dist/` (the built gateway). */
const REPO_ROOT = path.resolve(__dirname, '../..');

/** A development secret, long enough to pass the check; production must set its own. */
export const DEVELOPMENT_SESSION_SECRET = 'masar-development-session-secret-change-me';

/**
 * Every session secret that was ever committed to this repository (defaults, compose files, examples
 * in the docs). Anyone can read them, so production refuses them. `config.spec.ts` searches the tracked
 * files for `SESSION_SECRET` values and fails when one is missing here: add it, never remove one.
 */
export const KNOWN_SESSION_SECRETS: readonly string[] = [
  DEVELOPMENT_SESSION_SECRET,
  // deploy/docker-compose.yml's fallback until it required the variable.
  'masar-compose-secret-set-SESSION_SECRET-for-real-use',
];

const SESSION_SECRET_MIN_LENGTH = 32;
const SESSION_SECRET_ADVICE = `set it to a random value of at least ${SESSION_SECRET_MIN_LENGTH} characters, e.g. the output of \`openssl rand -base64 48\``;

/** The federated remotes the gateway serves, by folder name and by the shell's remote name. */
export const REMOTES = [
  { folder: 'mf-courses', remoteName: 'mf_courses', manifestVariable: 'MF_COURSES_MANIFEST_URL' },
  { folder: 'mf-jobroles', remoteName: 'mf_jobroles', manifestVariable: 'MF_JOBROLES_MANIFEST_URL' },
  { folder: 'mf-progress', remoteName: 'mf_progress', manifestVariable: 'MF_PROGRESS_MANIFEST_URL' },
  { folder: 'mf-agents', remoteName: 'mf_agents', manifestVariable: 'MF_AGENTS_MANIFEST_URL' },
] as const;
export type RemoteName = (typeof REMOTES)[number]['remoteName'];
type RemoteFolder = (typeof REMOTES)[number]['folder'];

/** A release version as a remote's package.json states it (also a folder name: nothing else may pass). */
const RELEASE_VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

/**
 * REMOTE_VERSIONS and REMOTE_LAST_GOOD_VERSIONS ("mf-courses=1.4.2,mf-agents=0.3.0") as a map by folder,
 * or the problem with them.
 */
export function parseRemoteVersions(value: string): Partial<Record<RemoteFolder, string>> | { problem: string } {
  const versions: Partial<Record<RemoteFolder, string>> = {};
  for (const item of commaList(value)) {
    const [folder, version, ...rest] = item.split('=').map((part) => part.trim());
    const remote = REMOTES.find((candidate) => candidate.folder === folder);
    if (!remote) return { problem: `"${folder}" is not a remote (one of ${REMOTES.map((known) => known.folder).join(', ')})` };
    if (version === undefined || rest.length > 0 || !RELEASE_VERSION.test(version)) {
      return { problem: `"${item}" must be <remote>=<version>, the version as in its package.json (e.g. ${folder}=1.4.2)` };
    }
    if (versions[remote.folder]) return { problem: `${folder} is named twice` };
    versions[remote.folder] = version;
  }
  return versions;
}

/** The version in a remote's package.json, or undefined when there is none to read. */
function packageVersionIn(folder: string): string | undefined {
  try {
    const version = (JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { version?: unknown }).version;
    return typeof version === 'string' && RELEASE_VERSION.test(version) ? version : undefined;
  } catch {
    return undefined;
  }
}

/** Where a version of a remote is served: its build folder dist/<version>/ under /remotes/<folder>/<version>/. */
export function remoteManifestPath(folder: string, version: string): string {
  return `/remotes/${folder}/${version}/mf-manifest.json`;
}

const positiveInt = z.coerce.number().int().positive();
const optionalUrl = z.url().optional().or(z.literal('').transform(() => undefined));
/** A remote's manifest: a path on the gateway's own origin or an http(s) URL (its origin joins the CSP). */
const manifestUrl = z
  .string()
  .refine((value) => value === '' || value.startsWith('/') || z.url({ protocol: /^https?$/ }).safeParse(value).success, {
    error: 'must be a path on this origin (/remotes/...) or an http(s) URL',
  })
  .optional();

const environmentSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    NATS_URL: z.url().default('nats://127.0.0.1:4222'),
    DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/masar'),
    REDIS_URL: z.url().default('redis://127.0.0.1:6379'),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    // A service that does not answer must become a 503 within 5 seconds.
    NATS_REQUEST_TIMEOUT_MS: positiveInt.max(4500).default(4000),
    HEALTH_CHECK_TIMEOUT_MS: positiveInt.max(4500).default(1500),
    // A lesson report waits this long for JetStream to store it (a clustered stream elects a new leader
    // in a few seconds) before the learner is told to try again.
    EVENTS_PUBLISH_RETRY_MS: z.coerce.number().int().min(0).max(30_000).default(10_000),
    // Calls that run the skill extractor (a file's text, a pasted posting, an LLM) take longer than a lookup.
    EXTRACTION_TIMEOUT_MS: positiveInt.max(120_000).default(30_000),
    // Creating a course or adding modules has svc-ai write every lesson: with an LLM that takes a while.
    COURSE_GENERATION_TIMEOUT_MS: positiveInt.max(600_000).default(120_000),
    MAX_UPLOAD_BYTES: positiveInt.default(DEFAULT_MAX_UPLOAD_BYTES),
    // A lesson video is held in memory while its type is checked and it is stored: keep this within the gateway's memory.
    MAX_LESSON_VIDEO_BYTES: positiveInt.default(DEFAULT_MAX_LESSON_VIDEO_BYTES),
    // Each file a learner attaches to exercise work (up to 3) is held in memory while its bytes are checked.
    MAX_EXERCISE_ATTACHMENT_BYTES: positiveInt.max(100 * 1024 * 1024).default(DEFAULT_MAX_EXERCISE_ATTACHMENT_BYTES),
    // Uploads svc-jobs never read (the gateway stopped mid-request) expire from the bucket after this.
    JOB_UPLOADS_TTL_MINUTES: positiveInt.max(24 * 60).default(60),
    // Optional here so that production can tell "missing" from "the development default".
    SESSION_SECRET: z
      .string()
      .min(SESSION_SECRET_MIN_LENGTH, { error: `must be at least ${SESSION_SECRET_MIN_LENGTH} characters long; ${SESSION_SECRET_ADVICE}` })
      .optional(),
    SESSION_KEY_PREFIX: z.string().min(1).default('masar:sess:'),
    // Fractions are allowed so tests can watch a session expire within seconds.
    SESSION_IDLE_MINUTES: z.coerce.number().positive().default(30),
    SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
    // How long the session guard may reuse a user it read from identity (0: read on every request).
    SESSION_USER_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
    COOKIE_SECURE: z.stringbool().default(false),
    LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: positiveInt.default(10),
    LOGIN_MAX_ATTEMPTS_PER_ADDRESS: positiveInt.default(50),
    LOGIN_WINDOW_MINUTES: positiveInt.max(60).default(15),
    LOGIN_RATE_LIMIT_KEY_PREFIX: z.string().min(1).default('masar:login:'),
    TRUST_PROXY: z.string().default('false'),
    PUBLIC_ORIGIN: optionalUrl,
    ALLOWED_ORIGINS: z.string().default(''),
    SHELL_DIST: z.string().default(path.join(REPO_ROOT, 'shell/dist')),
    REMOTES_ROOT: z.string().default(REPO_ROOT),
    MF_COURSES_MANIFEST_URL: manifestUrl,
    MF_JOBROLES_MANIFEST_URL: manifestUrl,
    MF_PROGRESS_MANIFEST_URL: manifestUrl,
    MF_AGENTS_MANIFEST_URL: manifestUrl,
    // The version of each remote the shell loads (<remote>=<version>, comma-separated); a remote left out
    // gets the version in its package.json, the one `npm run build` just built. Moving one forward or back
    // is a change here: every built version stays under /remotes/<remote>/<version>/.
    REMOTE_VERSIONS: z.string().default(''),
    // The version the shell falls back to when the configured one declares ranges the shell does not meet.
    REMOTE_LAST_GOOD_VERSIONS: z.string().default(''),
    // Who may show the portal in a frame (CSP frame-ancestors): 'self', 'none' or origins.
    FRAME_ANCESTORS: z.string().default("'self'"),
    // Origins whose pages may frame /embed/* (exact origins, comma-separated): their frame-ancestors,
    // the only hostOrigin a frame talks to, and the only audience an embed token may name.
    EMBED_ALLOWED_ORIGINS: z.string().default(''),
    // Embed tokens are one-time and short-lived: at most 5 minutes between the suite's server and the frame.
    EMBED_TOKEN_TTL_SECONDS: positiveInt.max(300).default(120),
    EMBED_KEY_PREFIX: z.string().min(1).default('masar:embed:'),
    // The demo learner svc-identity creates (same variables): the login screen shows these.
    DEMO_USERNAME: z.string().default('demo'),
    DEMO_PASSWORD: z.string().default('demo123'),
    SHOW_DEMO_CREDENTIALS: z.stringbool().default(true),
    // Single sign-on with OpenID Connect: nothing changes while OIDC_ISSUER is unset.
    OIDC_ISSUER: optionalUrl,
    OIDC_CLIENT_ID: z.string().default(''),
    OIDC_CLIENT_SECRET: z.string().default(''),
    OIDC_REDIRECT_URI: optionalUrl,
    // Where the provider's logout sends the browser back (registered at the provider); unset: the provider's own page.
    OIDC_POST_LOGOUT_REDIRECT_URI: optionalUrl,
    // The id_token claim that carries the person's roles, and which of its values make an admin (others are learners).
    OIDC_ROLE_CLAIM: z.string().min(1).default('roles'),
    OIDC_ADMIN_ROLE_VALUES: z.string().default(''),
    // Comma-separated; empty allows every domain.
    OIDC_ALLOWED_EMAIL_DOMAINS: z.string().default(''),
    // The organisation's name on the login button ("Sign in with <name>").
    OIDC_DISPLAY_NAME: z.string().default(''),
    OIDC_STATE_KEY_PREFIX: z.string().min(1).default('masar:oidc:'),
    // Single sign-on with SAML 2.0: nothing changes while neither SAML_IDP_METADATA_FILE nor SAML_IDP_ENTRY_POINT is set.
    // The IdP's metadata XML (entity id, sign-in URL, signing certificates, logout URL) ...
    SAML_IDP_METADATA_FILE: z.string().default(''),
    // ... or the same by hand: the sign-in URL (HTTP-Redirect binding) and the signing certificate (PEM, or its base64 body).
    SAML_IDP_ENTRY_POINT: optionalUrl,
    SAML_IDP_CERT: z.string().default(''),
    SAML_IDP_ENTITY_ID: z.string().default(''),
    SAML_IDP_LOGOUT_URL: optionalUrl,
    // The IdP's single logout URL for the HTTP-POST binding (a form post instead of a redirect).
    SAML_IDP_LOGOUT_POST_URL: optionalUrl,
    // Masar as the service provider: its entity id (the audience assertions must name) and its Assertion Consumer Service URL.
    SAML_SP_ENTITY_ID: z.string().default(''),
    SAML_ACS_URL: optionalUrl,
    // Masar's own SAML key and certificate (PEM, one line with \n is fine), both or neither: with them Masar
    // signs its AuthnRequests and the IdP may encrypt assertions to the certificate (both in the SP metadata).
    SAML_SP_PRIVATE_KEY: z.string().default(''),
    SAML_SP_CERT: z.string().default(''),
    // The assertion's attributes that carry each field of the person.
    SAML_EMAIL_ATTRIBUTE: z.string().min(1).default('email'),
    SAML_NAME_ATTRIBUTE: z.string().min(1).default('displayName'),
    SAML_LANGUAGE_ATTRIBUTE: z.string().min(1).default('preferredLanguage'),
    SAML_ROLE_ATTRIBUTE: z.string().min(1).default('role'),
    SAML_ADMIN_ROLE_VALUES: z.string().default(''),
    SAML_ALLOWED_EMAIL_DOMAINS: z.string().default(''),
    SAML_DISPLAY_NAME: z.string().default(''),
    // How far the IdP's clock may be from ours when NotBefore and NotOnOrAfter are checked.
    SAML_CLOCK_SKEW_SECONDS: z.coerce.number().int().min(0).max(300).default(60),
    SAML_KEY_PREFIX: z.string().min(1).default('masar:saml:'),
    // IdP-initiated sign-in (a tile on the IdP's portal posts an unsolicited response): off unless switched on.
    SAML_ALLOW_IDP_INITIATED: z.stringbool().default(false),
    LOCAL_PASSWORDS_ENABLED: z.stringbool().default(true),
    // LTI 1.3 tool: the LMS platforms registered with Masar (a JSON list) and the tool's RSA private key (PEM).
    // LTI is off while LTI_PLATFORMS is unset.
    LTI_PLATFORMS: z.string().default(''),
    LTI_TOOL_PRIVATE_KEY: z.string().default(''),
    LTI_STATE_KEY_PREFIX: z.string().min(1).default('masar:lti:'),
    NODE_ENV: z.string().default('development'),
  })
  .check((context) => {
    const env = context.value;
    // Fixed windows: any hour overlaps at most ceil(60 / window) + 1 of them.
    const windowsPerHour = Math.ceil(60 / env.LOGIN_WINDOW_MINUTES) + 1;
    if (env.LOGIN_MAX_ATTEMPTS_PER_ACCOUNT * windowsPerHour > 100) {
      context.issues.push({
        code: 'custom',
        input: env.LOGIN_MAX_ATTEMPTS_PER_ACCOUNT,
        path: ['LOGIN_MAX_ATTEMPTS_PER_ACCOUNT'],
        message: `allows more than 100 failed sign-ins an hour on one account with a ${env.LOGIN_WINDOW_MINUTES}-minute window`,
      });
    }
    if (env.OIDC_ISSUER) {
      for (const name of ['OIDC_CLIENT_ID', 'OIDC_REDIRECT_URI', 'OIDC_DISPLAY_NAME'] as const) {
        if (!env[name]) context.issues.push({ code: 'custom', input: env[name], path: [name], message: 'is required when OIDC_ISSUER is set' });
      }
    }
    const samlConfigured = Boolean(env.SAML_IDP_METADATA_FILE || env.SAML_IDP_ENTRY_POINT);
    if (samlConfigured) {
      const required = ['SAML_SP_ENTITY_ID', 'SAML_ACS_URL', 'SAML_DISPLAY_NAME', ...(env.SAML_IDP_METADATA_FILE ? [] : (['SAML_IDP_CERT'] as const))] as const;
      for (const name of required) {
        if (!env[name]) {
          context.issues.push({ code: 'custom', input: env[name], path: [name], message: 'is required when SAML_IDP_METADATA_FILE or SAML_IDP_ENTRY_POINT is set' });
        }
      }
    }
    if (!env.OIDC_ISSUER && !samlConfigured && !env.LOCAL_PASSWORDS_ENABLED) {
      context.issues.push({
        code: 'custom',
        input: env.LOCAL_PASSWORDS_ENABLED,
        path: ['LOCAL_PASSWORDS_ENABLED'],
        message: 'can only be false when single sign-on is configured (OIDC_ISSUER or SAML_IDP_*), or nobody could sign in',
      });
    }
    if (env.NODE_ENV === 'production') {
      const problem = productionSessionSecretProblem(env.SESSION_SECRET);
      if (problem) context.issues.push({ code: 'custom', input: env.SESSION_SECRET, path: ['SESSION_SECRET'], message: problem });
    }
  });

export interface GatewayConfig {
  port: number;
  natsUrl: string;
  databaseUrl: string;
  redisUrl: string;
  logLevel: (typeof LOG_LEVELS)[number];
  natsRequestTimeoutMs: number;
  healthCheckTimeoutMs: number;
  /** How long a lesson report keeps trying to reach the events stream while JetStream does not answer. */
  eventsPublishRetryMs: number;
  /** How long to wait for calls that extract skills (upload, pasted text, a predefined role, /api/skills/extract). */
  extractionTimeoutMs: number;
  courseGenerationTimeoutMs: number;
  uploads: {
    /** The largest job description file accepted; larger ones are refused while they arrive. */
    maxBytes: number;
    /** The age at which the JetStream bucket drops an upload nobody read (used when the gateway creates it). */
    objectTtlMs: number;
    /** The largest lesson video accepted (413 above it). */
    maxLessonVideoBytes: number;
    /** The largest file attached to exercise work (413 above it). */
    maxExerciseAttachmentBytes: number;
  };
  session: {
    secret: string;
    keyPrefix: string;
    cookieName: string;
    cookieSecure: boolean;
    idleTimeoutMs: number;
    absoluteTimeoutMs: number;
    /** How long the session guard reuses a user read from identity; 0 reads it on every request. */
    userCacheMs: number;
  };
  loginRateLimit: {
    maxAttemptsPerAccount: number;
    maxAttemptsPerAddress: number;
    windowMinutes: number;
    keyPrefix: string;
  };
  /** Express's `trust proxy` setting: false, true, a hop count, or addresses/subnets. */
  trustProxy: boolean | number | string;
  /** The gateway's own origin when it cannot be read from the Host header (behind a proxy). */
  publicOrigin: string | undefined;
  /** Other origins allowed to make state-changing calls with the session cookie. */
  allowedOrigins: string[];
  security: {
    /** The sources of CSP frame-ancestors: who may embed the portal in a frame. */
    frameAncestors: string[];
  };
  /** Masar framed by other sites (issue 18). */
  embed: {
    /** Exact origins (https://suite.example.com) allowed to frame /embed/* pages; empty: nobody but Masar itself. */
    allowedOrigins: string[];
    tokenTtlSeconds: number;
    /** Redis keys of used token ids (jti), kept until the token would have expired. */
    keyPrefix: string;
  };
  /** Single sign-on with OpenID Connect; null when OIDC_ISSUER is unset. */
  oidc: OidcConfig | null;
  /** Single sign-on with SAML 2.0; null when no SAML identity provider is configured. */
  saml: SamlConfig | null;
  /** The LTI 1.3 tool; null when LTI_PLATFORMS is unset. */
  lti: LtiConfig | null;
  /** False: only single sign-on signs people in (password and demo sign-in are refused). */
  localPasswordsEnabled: boolean;
  web: {
    shellDist: string;
    remotesRoot: string;
    manifestUrls: Record<RemoteName, string>;
    /** The version of each remote served from this origin; absent where its MF_*_MANIFEST_URL points elsewhere. */
    remoteVersions: Partial<Record<RemoteName, string>>;
    /** The last good version's manifest, for the remotes that have one configured. */
    fallbackManifestUrls: Partial<Record<RemoteName, string>>;
    /** Shown on the login screen (spec section 2); null when SHOW_DEMO_CREDENTIALS=false. */
    demoCredentials: { username: string; password: string } | null;
  };
}

export interface OidcConfig extends SsoPersonMapping {
  issuer: string;
  clientId: string;
  /** Empty: a public client (PKCE alone). */
  clientSecret: string;
  redirectUri: string;
  postLogoutRedirectUri: string | undefined;
  displayName: string;
  stateKeyPrefix: string;
}

/** Which attribute or claim carries the role, which values make an admin, which email domains may sign in. */
export interface SsoPersonMapping {
  roleClaim: string;
  adminRoleValues: string[];
  /** Lower-case domains; empty allows every domain. */
  allowedEmailDomains: string[];
}

export interface SamlConfig extends SsoPersonMapping {
  idp: {
    /** Empty when only the entry point and certificate were given: then any Issuer is accepted (the signature still binds it to the certificate). */
    entityId: string;
    entryPoint: string;
    /** PEM or base64 bodies; a signature by any of them is accepted (certificate rollover). */
    signingCertificates: string[];
    logoutUrl: string | undefined;
    /** Its SingleLogoutService with the HTTP-POST binding; used when it offers no redirect one, and to answer a logout it posts. */
    logoutPostUrl: string | undefined;
  };
  spEntityId: string;
  acsUrl: string;
  /** Masar's key pair: AuthnRequests are signed with it and encrypted assertions decrypted; null without one. */
  spKey: { privateKeyPem: string; certificatePem: string } | null;
  emailAttribute: string;
  nameAttribute: string;
  languageAttribute: string;
  displayName: string;
  clockSkewMs: number;
  keyPrefix: string;
  /** Whether a response that answers no AuthnRequest of Masar's (IdP-initiated) may sign a person in. */
  allowIdpInitiated: boolean;
}

const ltiPlatformSchema = z.strictObject({
  issuer: z.url({ protocol: /^https?$/ }),
  clientId: z.string().trim().min(1).max(255),
  deploymentIds: z.array(z.string().trim().min(1).max(255)).min(1),
  authLoginUrl: z.url({ protocol: /^https?$/ }),
  tokenUrl: z.url({ protocol: /^https?$/ }),
  jwksUrl: z.url({ protocol: /^https?$/ }),
  /** The LMS's name as the registration page shows it. */
  name: z.string().trim().min(1).max(100).optional(),
});
export type LtiPlatform = z.infer<typeof ltiPlatformSchema>;

export interface LtiConfig {
  platforms: LtiPlatform[];
  /** The tool's RSA private key (PEM): signs deep-linking responses and grade-service token requests. */
  toolPrivateKeyPem: string;
  keyPrefix: string;
}

/** LTI_PLATFORMS and LTI_TOOL_PRIVATE_KEY as the tool's settings, or the problem with them. */
export function parseLtiConfig(platformsJson: string, privateKeyPem: string, keyPrefix: string): LtiConfig | null | { problem: string } {
  if (platformsJson.trim() === '') return null;
  let raw: unknown;
  try {
    raw = JSON.parse(platformsJson);
  } catch {
    return { problem: 'LTI_PLATFORMS: must be a JSON list of platforms ({issuer, clientId, deploymentIds, authLoginUrl, tokenUrl, jwksUrl})' };
  }
  const platforms = z.array(ltiPlatformSchema).min(1).safeParse(raw);
  if (!platforms.success) {
    const problems = platforms.error.issues.map((issue) => `${issue.path.join('.') || 'list'}: ${issue.message}`).join('; ');
    return { problem: `LTI_PLATFORMS: ${problems}` };
  }
  const seen = new Set<string>();
  for (const platform of platforms.data) {
    const key = `${platform.issuer} ${platform.clientId}`;
    if (seen.has(key)) return { problem: `LTI_PLATFORMS: ${platform.issuer} is registered twice with client ${platform.clientId}` };
    seen.add(key);
  }
  // An env file may carry the PEM on one line with literal \n.
  const pem = privateKeyPem.replace(/\\n/g, '\n').trim();
  try {
    const key = createPrivateKey(pem);
    if (key.asymmetricKeyType !== 'rsa') return { problem: 'LTI_TOOL_PRIVATE_KEY: must be an RSA private key (LTI signs with RS256)' };
  } catch {
    return { problem: 'LTI_TOOL_PRIVATE_KEY: must be a PEM private key when LTI_PLATFORMS is set, e.g. from `openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048`' };
  }
  return { platforms: platforms.data, toolPrivateKeyPem: pem, keyPrefix };
}

function commaList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

/** Why a production session secret is unsafe, or undefined when it is not (its length is checked by the schema). */
function productionSessionSecretProblem(secret: string | undefined): string | undefined {
  if (secret === undefined || secret.trim() === '') {
    return `is required when NODE_ENV=production; ${SESSION_SECRET_ADVICE}`;
  }
  if (KNOWN_SESSION_SECRETS.includes(secret.trim())) {
    return `is a value published in the Masar repository (a default or an example), so anyone could sign sessions; ${SESSION_SECRET_ADVICE}`;
  }
  return undefined;
}

function allowedDomains(value: string): string[] {
  return commaList(value).map((domain) => domain.toLowerCase().replace(/^@/, ''));
}

type EnvironmentValues = z.infer<typeof environmentSchema>;

/** The IdP from its metadata file, or from the SAML_IDP_* variables; a bad file stops the gateway naming the variable. */
function samlIdentityProvider(values: EnvironmentValues): SamlConfig['idp'] {
  if (!values.SAML_IDP_METADATA_FILE) {
    return {
      entityId: values.SAML_IDP_ENTITY_ID.trim(),
      entryPoint: values.SAML_IDP_ENTRY_POINT ?? '',
      signingCertificates: [values.SAML_IDP_CERT.trim()],
      logoutUrl: values.SAML_IDP_LOGOUT_URL,
      logoutPostUrl: values.SAML_IDP_LOGOUT_POST_URL,
    };
  }
  let xml: string;
  try {
    xml = readFileSync(values.SAML_IDP_METADATA_FILE, 'utf8');
  } catch {
    throw new Error(`svc-gateway configuration is invalid: SAML_IDP_METADATA_FILE: cannot read ${values.SAML_IDP_METADATA_FILE}`);
  }
  const metadata = parseIdentityProviderMetadata(xml);
  if ('problem' in metadata) throw new Error(`svc-gateway configuration is invalid: SAML_IDP_METADATA_FILE: ${metadata.problem}`);
  return {
    entityId: metadata.entityId,
    entryPoint: metadata.entryPoint,
    signingCertificates: metadata.signingCertificates,
    // A logout URL set by hand wins over the metadata's.
    logoutUrl: values.SAML_IDP_LOGOUT_URL ?? metadata.logoutUrl,
    logoutPostUrl: values.SAML_IDP_LOGOUT_POST_URL ?? metadata.logoutPostUrl,
  };
}

/** SAML_SP_PRIVATE_KEY and SAML_SP_CERT as one key pair, null when neither is set; a bad or mismatched pair stops the gateway. */
function samlServiceProviderKey(values: EnvironmentValues): SamlConfig['spKey'] {
  const privateKeyPem = values.SAML_SP_PRIVATE_KEY.replace(/\\n/g, '\n').trim();
  const certificatePem = values.SAML_SP_CERT.replace(/\\n/g, '\n').trim();
  if (!privateKeyPem && !certificatePem) return null;
  const invalid = (problem: string) => new Error(`svc-gateway configuration is invalid: ${problem}`);
  if (!privateKeyPem || !certificatePem) throw invalid(`${privateKeyPem ? 'SAML_SP_CERT' : 'SAML_SP_PRIVATE_KEY'}: is required with ${privateKeyPem ? 'SAML_SP_PRIVATE_KEY' : 'SAML_SP_CERT'}`);
  let key: KeyObject;
  let certificate: X509Certificate;
  try {
    key = createPrivateKey(privateKeyPem);
  } catch {
    throw invalid('SAML_SP_PRIVATE_KEY: must be a PEM private key, e.g. from `openssl req -x509 -newkey rsa:2048 -nodes -keyout sp.key -out sp.crt`');
  }
  try {
    certificate = new X509Certificate(certificatePem);
  } catch {
    throw invalid('SAML_SP_CERT: must be a PEM certificate');
  }
  if (key.asymmetricKeyType !== 'rsa') throw invalid('SAML_SP_PRIVATE_KEY: must be an RSA key (SAML signs with RSA-SHA256)');
  if (!certificate.checkPrivateKey(key)) throw invalid('SAML_SP_CERT: is not the certificate of SAML_SP_PRIVATE_KEY');
  return { privateKeyPem, certificatePem };
}

function samlConfig(values: EnvironmentValues): SamlConfig | null {
  if (!values.SAML_IDP_METADATA_FILE && !values.SAML_IDP_ENTRY_POINT) return null;
  return {
    idp: samlIdentityProvider(values),
    spEntityId: values.SAML_SP_ENTITY_ID.trim(),
    acsUrl: values.SAML_ACS_URL ?? '',
    spKey: samlServiceProviderKey(values),
    emailAttribute: values.SAML_EMAIL_ATTRIBUTE,
    nameAttribute: values.SAML_NAME_ATTRIBUTE,
    languageAttribute: values.SAML_LANGUAGE_ATTRIBUTE,
    roleClaim: values.SAML_ROLE_ATTRIBUTE,
    adminRoleValues: commaList(values.SAML_ADMIN_ROLE_VALUES),
    allowedEmailDomains: allowedDomains(values.SAML_ALLOWED_EMAIL_DOMAINS),
    displayName: values.SAML_DISPLAY_NAME.trim(),
    clockSkewMs: values.SAML_CLOCK_SKEW_SECONDS * 1000,
    keyPrefix: values.SAML_KEY_PREFIX,
    allowIdpInitiated: values.SAML_ALLOW_IDP_INITIATED,
  };
}

function parseTrustProxy(value: string): boolean | number | string {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === 'false') return false;
  if (trimmed === 'true') return true;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  return trimmed;
}

function originOf(value: string): string {
  return new URL(value).origin;
}

/**
 * Each remote's manifest URL: MF_*_MANIFEST_URL when set, otherwise the configured version on this origin
 * (REMOTE_VERSIONS, else the remote's package.json under REMOTES_ROOT, else in this repository).
 */
function remoteReleasesOf(values: EnvironmentValues): Pick<GatewayConfig['web'], 'manifestUrls' | 'remoteVersions' | 'fallbackManifestUrls'> {
  const configured = parseRemoteVersions(values.REMOTE_VERSIONS);
  if ('problem' in configured) throw new Error(`svc-gateway configuration is invalid: REMOTE_VERSIONS: ${configured.problem}`);
  const lastGood = parseRemoteVersions(values.REMOTE_LAST_GOOD_VERSIONS);
  if ('problem' in lastGood) throw new Error(`svc-gateway configuration is invalid: REMOTE_LAST_GOOD_VERSIONS: ${lastGood.problem}`);
  const manifestUrls = {} as Record<RemoteName, string>;
  const remoteVersions: Partial<Record<RemoteName, string>> = {};
  const fallbackManifestUrls: Partial<Record<RemoteName, string>> = {};
  for (const remote of REMOTES) {
    const elsewhere = values[remote.manifestVariable];
    const fallback = lastGood[remote.folder];
    if (elsewhere) {
      if (fallback) {
        throw new Error(`svc-gateway configuration is invalid: REMOTE_LAST_GOOD_VERSIONS: ${remote.folder} is loaded from ${remote.manifestVariable}, not from versions on this origin`);
      }
      manifestUrls[remote.remoteName] = elsewhere;
      continue;
    }
    const version =
      configured[remote.folder] ?? packageVersionIn(path.join(values.REMOTES_ROOT, remote.folder)) ?? packageVersionIn(path.join(REPO_ROOT, remote.folder));
    if (!version) {
      throw new Error(`svc-gateway configuration is invalid: REMOTE_VERSIONS: names no version of ${remote.folder}, and it has no package.json to read one from`);
    }
    remoteVersions[remote.remoteName] = version;
    manifestUrls[remote.remoteName] = remoteManifestPath(remote.folder, version);
    if (fallback) fallbackManifestUrls[remote.remoteName] = remoteManifestPath(remote.folder, fallback);
  }
  return { manifestUrls, remoteVersions, fallbackManifestUrls };
}

/** Reads and checks the environment once; a bad variable stops the process with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`svc-gateway configuration is invalid: ${problems}`);
  }
  const values = parsed.data;
  let allowedOrigins: string[];
  try {
    allowedOrigins = values.ALLOWED_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter((origin) => origin.length > 0)
      .map(originOf);
  } catch {
    throw new Error('svc-gateway configuration is invalid: ALLOWED_ORIGINS: must be a comma-separated list of URLs');
  }
  const frameAncestors = parseFrameAncestors(values.FRAME_ANCESTORS);
  if ('problem' in frameAncestors) {
    throw new Error(`svc-gateway configuration is invalid: FRAME_ANCESTORS: ${frameAncestors.problem}`);
  }
  const lti = parseLtiConfig(values.LTI_PLATFORMS, values.LTI_TOOL_PRIVATE_KEY, values.LTI_STATE_KEY_PREFIX);
  if (lti && 'problem' in lti) throw new Error(`svc-gateway configuration is invalid: ${lti.problem}`);
  const embedOrigins = commaList(values.EMBED_ALLOWED_ORIGINS);
  const wrongEmbedOrigin = embedOrigins.find((origin) => exactOrigin(origin) === null);
  if (wrongEmbedOrigin !== undefined) {
    throw new Error(
      `svc-gateway configuration is invalid: EMBED_ALLOWED_ORIGINS: "${wrongEmbedOrigin}" is not an exact origin such as https://suite.example.com (scheme, lower-case host, optional port; no path or trailing slash)`,
    );
  }
  const remoteReleases = remoteReleasesOf(values);

  return {
    port: values.PORT,
    natsUrl: values.NATS_URL,
    databaseUrl: values.DATABASE_URL,
    redisUrl: values.REDIS_URL,
    logLevel: values.LOG_LEVEL,
    natsRequestTimeoutMs: values.NATS_REQUEST_TIMEOUT_MS,
    healthCheckTimeoutMs: values.HEALTH_CHECK_TIMEOUT_MS,
    eventsPublishRetryMs: values.EVENTS_PUBLISH_RETRY_MS,
    extractionTimeoutMs: values.EXTRACTION_TIMEOUT_MS,
    courseGenerationTimeoutMs: values.COURSE_GENERATION_TIMEOUT_MS,
    uploads: {
      maxBytes: values.MAX_UPLOAD_BYTES,
      objectTtlMs: values.JOB_UPLOADS_TTL_MINUTES * 60_000,
      maxLessonVideoBytes: values.MAX_LESSON_VIDEO_BYTES,
      maxExerciseAttachmentBytes: values.MAX_EXERCISE_ATTACHMENT_BYTES,
    },
    session: {
      secret: values.SESSION_SECRET ?? DEVELOPMENT_SESSION_SECRET,
      keyPrefix: values.SESSION_KEY_PREFIX,
      // Browsers only accept a `__Host-` cookie that is Secure, has Path=/ and no Domain.
      cookieName: values.COOKIE_SECURE ? '__Host-masar.sid' : 'masar.sid',
      cookieSecure: values.COOKIE_SECURE,
      idleTimeoutMs: Math.round(values.SESSION_IDLE_MINUTES * 60_000),
      absoluteTimeoutMs: Math.round(values.SESSION_ABSOLUTE_HOURS * 3_600_000),
      userCacheMs: values.SESSION_USER_CACHE_MS,
    },
    loginRateLimit: {
      maxAttemptsPerAccount: values.LOGIN_MAX_ATTEMPTS_PER_ACCOUNT,
      maxAttemptsPerAddress: values.LOGIN_MAX_ATTEMPTS_PER_ADDRESS,
      windowMinutes: values.LOGIN_WINDOW_MINUTES,
      keyPrefix: values.LOGIN_RATE_LIMIT_KEY_PREFIX,
    },
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    publicOrigin: values.PUBLIC_ORIGIN ? originOf(values.PUBLIC_ORIGIN) : undefined,
    allowedOrigins,
    security: { frameAncestors: frameAncestors.sources },
    embed: { allowedOrigins: embedOrigins, tokenTtlSeconds: values.EMBED_TOKEN_TTL_SECONDS, keyPrefix: values.EMBED_KEY_PREFIX },
    oidc: values.OIDC_ISSUER
      ? {
          issuer: values.OIDC_ISSUER,
          clientId: values.OIDC_CLIENT_ID,
          clientSecret: values.OIDC_CLIENT_SECRET,
          redirectUri: values.OIDC_REDIRECT_URI ?? '',
          postLogoutRedirectUri: values.OIDC_POST_LOGOUT_REDIRECT_URI,
          roleClaim: values.OIDC_ROLE_CLAIM,
          adminRoleValues: commaList(values.OIDC_ADMIN_ROLE_VALUES),
          allowedEmailDomains: allowedDomains(values.OIDC_ALLOWED_EMAIL_DOMAINS),
          displayName: values.OIDC_DISPLAY_NAME.trim(),
          stateKeyPrefix: values.OIDC_STATE_KEY_PREFIX,
        }
      : null,
    saml: samlConfig(values),
    lti,
    localPasswordsEnabled: values.LOCAL_PASSWORDS_ENABLED,
    web: {
      shellDist: path.resolve(values.SHELL_DIST),
      remotesRoot: path.resolve(values.REMOTES_ROOT),
      ...remoteReleases,
      demoCredentials: values.SHOW_DEMO_CREDENTIALS
        ? { username: values.DEMO_USERNAME, password: values.DEMO_PASSWORD }
        : null,
    },
  };
}

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
