import { parseAppConfig } from './remote-registry';

describe('parseAppConfig', () => {
  const remotes = {
    mf_courses: '/remotes/mf-courses/mf-manifest.json',
    mf_jobroles: '/remotes/mf-jobroles/mf-manifest.json',
    mf_progress: '/remotes/mf-progress/mf-manifest.json',
    mf_agents: '/remotes/mf-agents/mf-manifest.json',
  };

  it('reads the manifest URL of every remote', () => {
    expect(parseAppConfig({ remotes })).toEqual({ remotes, remoteFallbacks: {}, demoCredentials: null, singleSignOn: [], localPasswordsEnabled: true, embedAllowedOrigins: [] });
    expect(parseAppConfig({ remotes, embed: { allowedOrigins: ['https://suite.example.com', 7] } }).embedAllowedOrigins).toEqual(['https://suite.example.com']);
  });

  it("reads the last good versions' manifests, ignoring unknown remotes and empty values", () => {
    const remoteFallbacks = { mf_courses: '/remotes/mf-courses/1.4.2/mf-manifest.json', mf_videos: '/remotes/mf-videos/1.0.0/mf-manifest.json', mf_agents: '' };
    expect(parseAppConfig({ remotes, remoteFallbacks }).remoteFallbacks).toEqual({ mf_courses: '/remotes/mf-courses/1.4.2/mf-manifest.json' });
  });

  it('reads each single sign-on provider, and only login paths on this origin', () => {
    const oidc = { displayName: 'Acme', loginUrl: '/api/auth/oidc/login' };
    const saml = { displayName: 'Acme HR', loginUrl: '/api/auth/saml/login' };
    expect(parseAppConfig({ remotes, singleSignOn: [oidc, saml], localPasswordsEnabled: false })).toMatchObject({ singleSignOn: [oidc, saml], localPasswordsEnabled: false });
    expect(parseAppConfig({ remotes, singleSignOn: oidc }).singleSignOn).toEqual([oidc]);
    expect(parseAppConfig({ remotes, singleSignOn: [{ ...oidc, loginUrl: '//evil.example/login' }, saml] }).singleSignOn).toEqual([saml]);
    expect(parseAppConfig({ remotes, singleSignOn: [{ displayName: 'Acme' }] }).singleSignOn).toEqual([]);
    expect(parseAppConfig({ remotes, singleSignOn: null }).singleSignOn).toEqual([]);
  });

  it('reads the demo sign-in, and treats a malformed one as none', () => {
    const demoCredentials = { username: 'demo', password: 'demo123' };
    expect(parseAppConfig({ remotes, demoCredentials }).demoCredentials).toEqual(demoCredentials);
    expect(parseAppConfig({ remotes, demoCredentials: { username: 'demo' } }).demoCredentials).toBeNull();
    expect(parseAppConfig({ remotes, demoCredentials: null }).demoCredentials).toBeNull();
  });

  it('names the remote whose manifest URL is missing', () => {
    const { mf_agents: _missing, ...withoutAgents } = remotes;
    expect(() => parseAppConfig({ remotes: withoutAgents })).toThrow('/app-config.json gives no manifest URL for mf_agents');
  });

  it('refuses a body without remotes', () => {
    expect(() => parseAppConfig({ remote: remotes })).toThrow('/app-config.json has no "remotes" object');
  });
});
