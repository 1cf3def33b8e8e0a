import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateSigningKey } from '../test/support/saml-identity-provider';
import { DEVELOPMENT_SESSION_SECRET, KNOWN_SESSION_SECRETS, loadConfig } from './config';

const REPO_ROOT = path.resolve(__dirname, '../..');

/**
 * Every literal session secret written in a tracked file: `SESSION_SECRET=value` (env files, shell),
 * `SESSION_SECRET: value` (YAML, objects) and `${SESSION_SECRET:-value}` / `${SESSION_SECRET-value}`
 * (compose defaults). Values shorter than the minimum length are refused anyway and are left out.
 */
function sessionSecretsCommittedInTheRepository(): string[] {
  const lines = execFileSync('git', ['grep', '-h', '-I', '-E', 'SESSION_SECRET', '--', '.', ':!package-lock.json'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  }).split('\n');
  const literal = [
    /(?<!\$\{)SESSION_SECRET\s*[=:]\s*['"`]?([^'"`\s$}{,;]+)/g,
    // A default that is itself a variable or a command ($(openssl rand …)) is not a literal.
    /\$\{SESSION_SECRET:?-([^$}][^}]*)\}/g,
  ];
  const values = lines.flatMap((line) => literal.flatMap((pattern) => [...line.matchAll(pattern)].map((match) => match[1].trim())));
  return [...new Set(values)].filter((value) => value.length >= 32);
}


describe('gateway configuration', () => {
  it('reads EMBED_ALLOWED_ORIGINS as exact origins and stops on anything else, naming the variable', () => {
    expect(loadConfig({ EMBED_ALLOWED_ORIGINS: 'https://suite.example.com, http://127.0.0.1:8392' }).embed.allowedOrigins).toEqual([
      'https://suite.example.com',
      'http://127.0.0.1:8392',
    ]);
    expect(loadConfig({}).embed).toEqual({ allowedOrigins: [], tokenTtlSeconds: 120, keyPrefix: 'masar:embed:' });
    for (const wrong of ['https://suite.example.com/', 'https://suite.example.com/hr', '*', 'suite.example.com', 'https://Suite.example.com']) {
      expect(() => loadConfig({ EMBED_ALLOWED_ORIGINS: wrong })).toThrow(/EMBED_ALLOWED_ORIGINS/);
    }
    expect(() => loadConfig({ EMBED_TOKEN_TTL_SECONDS: '301' })).toThrow(/EMBED_TOKEN_TTL_SECONDS/);
  });

  it('works with no variables at all, on the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      natsRequestTimeoutMs: 4000,
      eventsPublishRetryMs: 10_000,
      session: { cookieName: 'masar.sid', cookieSecure: false, keyPrefix: 'masar:sess:', idleTimeoutMs: 30 * 60_000 },
      loginRateLimit: { maxAttemptsPerAccount: 10, maxAttemptsPerAddress: 50, windowMinutes: 15 },
      trustProxy: false,
      extractionTimeoutMs: 30_000,
      courseGenerationTimeoutMs: 120_000,
      uploads: { maxBytes: 10 * 1024 * 1024, objectTtlMs: 60 * 60_000 },
    });
    expect(config.session.absoluteTimeoutMs).toBe(12 * 3_600_000);
    // Without REMOTE_VERSIONS each remote's version is the one in its package.json, served from this origin.
    const jobRolesVersion = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'mf-jobroles/package.json'), 'utf8')) as { version: string }).version;
    expect(config.web.manifestUrls.mf_jobroles).toBe(`/remotes/mf-jobroles/${jobRolesVersion}/mf-manifest.json`);
    expect(config.web.remoteVersions.mf_jobroles).toBe(jobRolesVersion);
    expect(config.web.fallbackManifestUrls).toEqual({});
  });

  it('names the version of each remote from REMOTE_VERSIONS, with a last good version to fall back to', () => {
    const config = loadConfig({ REMOTE_VERSIONS: 'mf-courses=1.4.2, mf-agents=0.3.0-rc.1', REMOTE_LAST_GOOD_VERSIONS: 'mf-courses=1.4.1' });
    expect(config.web.manifestUrls.mf_courses).toBe('/remotes/mf-courses/1.4.2/mf-manifest.json');
    expect(config.web.manifestUrls.mf_agents).toBe('/remotes/mf-agents/0.3.0-rc.1/mf-manifest.json');
    expect(config.web.remoteVersions).toMatchObject({ mf_courses: '1.4.2', mf_agents: '0.3.0-rc.1' });
    expect(config.web.fallbackManifestUrls).toEqual({ mf_courses: '/remotes/mf-courses/1.4.1/mf-manifest.json' });
  });

  it('reads a remote version from the package.json under REMOTES_ROOT when REMOTE_VERSIONS leaves it out', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'masar-remotes-'));
    try {
      mkdirSync(path.join(root, 'mf-progress'));
      writeFileSync(path.join(root, 'mf-progress/package.json'), JSON.stringify({ name: '@masar/mf-progress', version: '2.0.1' }));
      expect(loadConfig({ REMOTES_ROOT: root }).web.manifestUrls.mf_progress).toBe('/remotes/mf-progress/2.0.1/mf-manifest.json');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('refuses remote versions that name an unknown remote, no version, a path or a remote twice', () => {
    expect(() => loadConfig({ REMOTE_VERSIONS: 'mf-videos=1.0.0' })).toThrow(/REMOTE_VERSIONS: "mf-videos" is not a remote \(one of mf-courses/);
    expect(() => loadConfig({ REMOTE_VERSIONS: 'mf-courses' })).toThrow(/REMOTE_VERSIONS: "mf-courses" must be <remote>=<version>/);
    expect(() => loadConfig({ REMOTE_VERSIONS: 'mf-courses=../../etc' })).toThrow(/REMOTE_VERSIONS: "mf-courses=..\/..\/etc" must be/);
    expect(() => loadConfig({ REMOTE_LAST_GOOD_VERSIONS: 'mf-courses=1.0.0,mf-courses=1.0.1' })).toThrow(/REMOTE_LAST_GOOD_VERSIONS: mf-courses is named twice/);
    expect(() =>
      loadConfig({ MF_COURSES_MANIFEST_URL: 'https://cdn.example.com/courses/mf-manifest.json', REMOTE_LAST_GOOD_VERSIONS: 'mf-courses=1.0.0' }),
    ).toThrow(/REMOTE_LAST_GOOD_VERSIONS: mf-courses is loaded from MF_COURSES_MANIFEST_URL/);
  });

  it('uses the __Host- cookie name when cookies are Secure', () => {
    expect(loadConfig({ COOKIE_SECURE: 'true' }).session).toMatchObject({ cookieName: '__Host-masar.sid', cookieSecure: true });
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET: must be at least 32 characters/);
    expect(() => loadConfig({ NATS_REQUEST_TIMEOUT_MS: '9000' })).toThrow(/NATS_REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'not a url' })).toThrow(/ALLOWED_ORIGINS/);
    expect(() => loadConfig({ MAX_UPLOAD_BYTES: '0' })).toThrow(/MAX_UPLOAD_BYTES/);
    expect(() => loadConfig({ COURSE_GENERATION_TIMEOUT_MS: '700000' })).toThrow(/COURSE_GENERATION_TIMEOUT_MS/);
    expect(() => loadConfig({ EXTRACTION_TIMEOUT_MS: 'soon' })).toThrow(/EXTRACTION_TIMEOUT_MS/);
    expect(() => loadConfig({ EVENTS_PUBLISH_RETRY_MS: '60000' })).toThrow(/EVENTS_PUBLISH_RETRY_MS/);
    expect(loadConfig({ EVENTS_PUBLISH_RETRY_MS: '0' }).eventsPublishRetryMs).toBe(0);
  });

  it('refuses rate limits that could allow more than 100 failed sign-ins an hour on one account', () => {
    // 25 per 15 minutes: up to 25 x 5 windows = 125 in some hour.
    expect(() => loadConfig({ LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: '25' })).toThrow(/LOGIN_MAX_ATTEMPTS_PER_ACCOUNT/);
    expect(loadConfig({ LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: '20' }).loginRateLimit.maxAttemptsPerAccount).toBe(20);
  });

  describe('the session secret in production', () => {
    const production = (secret?: string) => loadConfig({ NODE_ENV: 'production', ...(secret === undefined ? {} : { SESSION_SECRET: secret }) });
    const ownSecret = 'Jq8vN2rT5wXz0bC4eG7hK1mP3sU6yA9dF2iL5oR8tW0x';

    it('refuses a missing secret, naming the variable and how to make one', () => {
      expect(() => production()).toThrow(/SESSION_SECRET: is required when NODE_ENV=production; set it to a random value of at least 32 characters/);
      expect(() => production('   ')).toThrow(/SESSION_SECRET/);
    });

    it('refuses a short secret', () => {
      expect(() => production('x'.repeat(31))).toThrow(/SESSION_SECRET: must be at least 32 characters long; set it to a random value/);
    });

    it.each(KNOWN_SESSION_SECRETS.map((secret) => [secret]))('refuses the committed secret %s', (secret) => {
      expect(() => production(secret)).toThrow(/SESSION_SECRET: is a value published in the Masar repository/);
    });

    it('accepts a secret of its own', () => {
      expect(production(ownSecret).session.secret).toBe(ownSecret);
    });

    it('keeps development working without one, on the development secret', () => {
      expect(loadConfig({}).session.secret).toBe(DEVELOPMENT_SESSION_SECRET);
      expect(loadConfig({ NODE_ENV: 'test' }).session.secret).toBe(DEVELOPMENT_SESSION_SECRET);
    });

    it('knows every session secret committed anywhere in the repository', () => {
      const committed = sessionSecretsCommittedInTheRepository();
      // The search itself works: it finds the development default written in config.ts.
      expect(committed).toContain(DEVELOPMENT_SESSION_SECRET);
      expect(committed.filter((secret) => !KNOWN_SESSION_SECRETS.includes(secret))).toEqual([]);
    });
  });

  it('reads the upload limits and the extraction timeout', () => {
    const config = loadConfig({ MAX_UPLOAD_BYTES: '2097152', EXTRACTION_TIMEOUT_MS: '45000', JOB_UPLOADS_TTL_MINUTES: '5', MAX_LESSON_VIDEO_BYTES: '1048576' });
    expect(config.uploads).toEqual({ maxBytes: 2 * 1024 * 1024, objectTtlMs: 5 * 60_000, maxLessonVideoBytes: 1024 * 1024, maxExerciseAttachmentBytes: 10 * 1024 * 1024 });
    expect(loadConfig({}).uploads.maxLessonVideoBytes).toBe(100 * 1024 * 1024);
    expect(() => loadConfig({ MAX_LESSON_VIDEO_BYTES: '-1' })).toThrow(/MAX_LESSON_VIDEO_BYTES/);
    expect(loadConfig({}).uploads.maxExerciseAttachmentBytes).toBe(10 * 1024 * 1024);
    expect(loadConfig({ MAX_EXERCISE_ATTACHMENT_BYTES: '2048' }).uploads.maxExerciseAttachmentBytes).toBe(2048);
    expect(() => loadConfig({ MAX_EXERCISE_ATTACHMENT_BYTES: 'ten' })).toThrow(/MAX_EXERCISE_ATTACHMENT_BYTES/);
    expect(config.extractionTimeoutMs).toBe(45_000);
  });

  it('reads proxies, origins and manifest overrides', () => {
    const config = loadConfig({
      TRUST_PROXY: '1',
      PUBLIC_ORIGIN: 'https://masar.example.com/',
      ALLOWED_ORIGINS: 'http://localhost:3000, http://localhost:3001/',
      MF_COURSES_MANIFEST_URL: 'https://cdn.example.com/courses/mf-manifest.json',
    });
    expect(config.trustProxy).toBe(1);
    expect(config.publicOrigin).toBe('https://masar.example.com');
    expect(config.allowedOrigins).toEqual(['http://localhost:3000', 'http://localhost:3001']);
    expect(config.web.manifestUrls.mf_courses).toBe('https://cdn.example.com/courses/mf-manifest.json');
  });

  it('leaves single sign-on off without OIDC_ISSUER, and names what a configured one lacks', () => {
    expect(loadConfig({}).oidc).toBeNull();
    expect(loadConfig({}).localPasswordsEnabled).toBe(true);
    expect(() => loadConfig({ LOCAL_PASSWORDS_ENABLED: 'false' })).toThrow(/LOCAL_PASSWORDS_ENABLED: can only be false when single sign-on is configured/);
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.acme.example' })).toThrow(
      /OIDC_CLIENT_ID: is required when OIDC_ISSUER is set; OIDC_REDIRECT_URI: is required.*OIDC_DISPLAY_NAME: is required/,
    );
    expect(() => loadConfig({ OIDC_ISSUER: 'not a url' })).toThrow(/OIDC_ISSUER/);
    const config = loadConfig({
      OIDC_ISSUER: 'https://id.acme.example',
      OIDC_CLIENT_ID: 'masar',
      OIDC_REDIRECT_URI: 'https://masar.acme.example/api/auth/oidc/callback',
      OIDC_DISPLAY_NAME: ' Acme ',
      OIDC_ADMIN_ROLE_VALUES: 'masar-admins, hr-leads',
      OIDC_ALLOWED_EMAIL_DOMAINS: '@Acme.example, acme.sa',
      LOCAL_PASSWORDS_ENABLED: 'false',
    });
    expect(config.oidc).toMatchObject({
      clientSecret: '',
      roleClaim: 'roles',
      adminRoleValues: ['masar-admins', 'hr-leads'],
      allowedEmailDomains: ['acme.example', 'acme.sa'],
      displayName: 'Acme',
    });
    expect(config.localPasswordsEnabled).toBe(false);
  });

  it('leaves SAML off without an IdP, names what a configured one lacks, and reads the IdP from its metadata file', () => {
    expect(loadConfig({}).saml).toBeNull();
    expect(() => loadConfig({ SAML_IDP_ENTRY_POINT: 'https://idp.acme.example/sso' })).toThrow(
      /SAML_SP_ENTITY_ID: is required.*SAML_ACS_URL: is required.*SAML_DISPLAY_NAME: is required.*SAML_IDP_CERT: is required/,
    );
    const spSettings = {
      SAML_SP_ENTITY_ID: 'https://masar.acme.example/saml',
      SAML_ACS_URL: 'https://masar.acme.example/api/auth/saml/acs',
      SAML_DISPLAY_NAME: 'Acme',
      SAML_ALLOWED_EMAIL_DOMAINS: '@Acme.example',
      SAML_ADMIN_ROLE_VALUES: 'masar-admins',
      LOCAL_PASSWORDS_ENABLED: 'false',
    };
    const byHand = loadConfig({ ...spSettings, SAML_IDP_ENTRY_POINT: 'https://idp.acme.example/sso', SAML_IDP_CERT: 'MIIC' });
    expect(byHand.saml).toMatchObject({
      idp: { entityId: '', entryPoint: 'https://idp.acme.example/sso', signingCertificates: ['MIIC'], logoutUrl: undefined, logoutPostUrl: undefined },
      allowedEmailDomains: ['acme.example'],
      adminRoleValues: ['masar-admins'],
      roleClaim: 'role',
      clockSkewMs: 60_000,
    });
    expect(byHand.localPasswordsEnabled).toBe(false);

    const directory = mkdtempSync(path.join(tmpdir(), 'masar-config-'));
    try {
      const metadataFile = path.join(directory, 'idp.xml');
      writeFileSync(
        metadataFile,
        `<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.acme.example"><IDPSSODescriptor>
           <KeyDescriptor><KeyInfo xmlns="http://www.w3.org/2000/09/xmldsig#"><X509Data><X509Certificate>MII C</X509Certificate></X509Data></KeyInfo></KeyDescriptor>
           <SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.acme.example/slo"/>
           <SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.acme.example/sso"/>
         </IDPSSODescriptor></EntityDescriptor>`,
      );
      expect(loadConfig({ ...spSettings, SAML_IDP_METADATA_FILE: metadataFile }).saml?.idp).toEqual({
        entityId: 'https://idp.acme.example',
        entryPoint: 'https://idp.acme.example/sso',
        signingCertificates: ['MIIC'],
        logoutUrl: 'https://idp.acme.example/slo',
        logoutPostUrl: undefined,
      });
      writeFileSync(metadataFile, '<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata"><IDPSSODescriptor/></EntityDescriptor>');
      expect(() => loadConfig({ ...spSettings, SAML_IDP_METADATA_FILE: metadataFile })).toThrow(
        /SAML_IDP_METADATA_FILE: has no SingleSignOnService with the HTTP-Redirect binding/,
      );
      expect(() => loadConfig({ ...spSettings, SAML_IDP_METADATA_FILE: path.join(directory, 'missing.xml') })).toThrow(/SAML_IDP_METADATA_FILE: cannot read/);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe('SAML service provider key', () => {
  const saml = {
    SAML_IDP_ENTRY_POINT: 'https://idp.acme.example/sso',
    SAML_IDP_CERT: 'MIIC',
    SAML_SP_ENTITY_ID: 'https://masar.acme.example/saml',
    SAML_ACS_URL: 'https://masar.acme.example/api/auth/saml/acs',
    SAML_DISPLAY_NAME: 'Acme',
  };
  /** A key and its self-signed certificate, as an admin makes them with openssl. */
  function keyPair(name: string): { key: string; cert: string } {
    const directory = mkdtempSync(path.join(tmpdir(), 'masar-sp-key-'));
    try {
      const { privateKeyPem, certificatePem } = generateSigningKey(directory, name);
      return { key: privateKeyPem, cert: certificatePem };
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  }

  it('is off without one, reads a matching pair (one line with \\n too), and names what is wrong with a bad one', () => {
    expect(loadConfig(saml).saml?.spKey).toBeNull();
    const masar = keyPair('masar-sp');
    const other = keyPair('someone-else');
    expect(loadConfig({ ...saml, SAML_SP_PRIVATE_KEY: masar.key.replace(/\n/g, '\\n'), SAML_SP_CERT: masar.cert }).saml?.spKey).toEqual({
      privateKeyPem: masar.key.trim(),
      certificatePem: masar.cert.trim(),
    });
    expect(() => loadConfig({ ...saml, SAML_SP_PRIVATE_KEY: masar.key })).toThrow(/SAML_SP_CERT: is required with SAML_SP_PRIVATE_KEY/);
    expect(() => loadConfig({ ...saml, SAML_SP_CERT: masar.cert })).toThrow(/SAML_SP_PRIVATE_KEY: is required with SAML_SP_CERT/);
    expect(() => loadConfig({ ...saml, SAML_SP_PRIVATE_KEY: 'not a key', SAML_SP_CERT: masar.cert })).toThrow(/SAML_SP_PRIVATE_KEY: must be a PEM private key/);
    expect(() => loadConfig({ ...saml, SAML_SP_PRIVATE_KEY: masar.key, SAML_SP_CERT: 'not a certificate' })).toThrow(/SAML_SP_CERT: must be a PEM certificate/);
    expect(() => loadConfig({ ...saml, SAML_SP_PRIVATE_KEY: masar.key, SAML_SP_CERT: other.cert })).toThrow(/SAML_SP_CERT: is not the certificate of SAML_SP_PRIVATE_KEY/);
    const ecKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(() => loadConfig({ ...saml, SAML_SP_PRIVATE_KEY: ecKey, SAML_SP_CERT: masar.cert })).toThrow(/SAML_SP_PRIVATE_KEY: must be an RSA key/);
  });
});

describe('LTI configuration', () => {
  const platform = {
    issuer: 'https://lms.school.example',
    clientId: 'masar',
    deploymentIds: ['1'],
    authLoginUrl: 'https://lms.school.example/auth',
    tokenUrl: 'https://lms.school.example/token',
    jwksUrl: 'https://lms.school.example/jwks',
  };
  const pem = generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();

  it('is off while LTI_PLATFORMS is unset, and reads the platforms and the key (also a one-line PEM) when set', () => {
    expect(loadConfig({}).lti).toBeNull();
    const lti = loadConfig({ LTI_PLATFORMS: JSON.stringify([platform]), LTI_TOOL_PRIVATE_KEY: pem.replace(/\n/g, '\\n') }).lti;
    expect(lti).toMatchObject({ platforms: [platform], toolPrivateKeyPem: pem.trim(), keyPrefix: 'masar:lti:' });
  });

  it('stops with the variable named when a platform or the key is wrong', () => {
    const withPlatforms = (platforms: unknown, key = pem) => () => loadConfig({ LTI_PLATFORMS: JSON.stringify(platforms), LTI_TOOL_PRIVATE_KEY: key });
    expect(() => loadConfig({ LTI_PLATFORMS: '[{', LTI_TOOL_PRIVATE_KEY: pem })).toThrow(/LTI_PLATFORMS: must be a JSON list/);
    expect(withPlatforms([{ ...platform, jwksUrl: 'not a url' }])).toThrow(/LTI_PLATFORMS: 0\.jwksUrl/);
    expect(withPlatforms([{ ...platform, deploymentIds: [] }])).toThrow(/LTI_PLATFORMS: 0\.deploymentIds/);
    expect(withPlatforms([])).toThrow(/LTI_PLATFORMS/);
    expect(withPlatforms([platform, platform])).toThrow(/registered twice/);
    expect(withPlatforms([platform], '')).toThrow(/LTI_TOOL_PRIVATE_KEY: must be a PEM private key/);
    const ecKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(withPlatforms([platform], ecKey)).toThrow(/must be an RSA private key/);
  });
});
