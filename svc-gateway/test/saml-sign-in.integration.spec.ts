import { SignInErrorCode, userSchema } from '@masar/contracts';
import request from 'supertest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateSigningKey, SamlIdentityProvider, SamlTamper, startSamlIdentityProvider } from './support/saml-identity-provider';
import { freePort, Platform, startPlatform } from './support/platform';

const SP_ENTITY_ID = 'https://masar.acme.example/saml';

let platform: Platform;
let idp: SamlIdentityProvider;
let acsUrl: string;

/** The person's browser: Masar's login link, the IdP's page, and its form posted back to Masar's ACS (cross-site, as a browser does). */
async function signInThroughIdp(loginHint: string, gatewayUrl = platform.gateway.url) {
  const agent = request.agent(gatewayUrl);
  const started = await agent.get('/api/auth/saml/login').expect(302);
  const authnRequestUrl = started.headers.location as string;
  expect(`${new URL(authnRequestUrl).origin}${new URL(authnRequestUrl).pathname}`).toBe(idp.ssoUrl);
  const form = await idp.answer(authnRequestUrl, loginHint);
  expect(form.action).toBe(acsUrl);
  const post = (client: ReturnType<typeof request.agent>) =>
    client
      .post(new URL(form.action).pathname)
      .set('Origin', idp.origin)
      .type('form')
      .send({ SAMLResponse: form.SAMLResponse, RelayState: form.RelayState });
  const finished = await post(agent);
  return { agent, finished, replay: () => post(request.agent(gatewayUrl)) };
}

/** The person's browser following a redirect from the IdP to one of Masar's URLs. */
function followToMasar(url: string) {
  const { pathname, search } = new URL(url);
  return request(platform.gateway.url).get(pathname + search);
}

function expectRefused(finished: request.Response, code: SignInErrorCode): void {
  expect(finished.status).toBe(303);
  expect(finished.headers.location).toBe(`/login?signInError=${code}`);
  expect(finished.headers['set-cookie']).toBeUndefined();
}

async function signInWhileTampered(mode: SamlTamper, loginHint = 'alice') {
  idp.tamper(mode);
  try {
    return await signInThroughIdp(loginHint);
  } finally {
    idp.tamper('');
  }
}

beforeAll(async () => {
  const gatewayPort = await freePort();
  acsUrl = `http://127.0.0.1:${gatewayPort}/api/auth/saml/acs`;
  idp = await startSamlIdentityProvider({
    audience: SP_ENTITY_ID,
    accounts: {
      alice: {
        nameId: 'alice-0001',
        attributes: { email: 'Alice@Acme.example', displayName: 'Alice Admin', preferredLanguage: 'en-GB', role: ['masar-admins', 'staff'] },
      },
      salma: { nameId: 'salma-0002', attributes: { email: 'salma@acme.example', displayName: 'سلمى الحربي', preferredLanguage: 'ar', role: 'staff' } },
      mallory: { nameId: 'mallory-0003', attributes: { email: 'mallory@elsewhere.example', displayName: 'Mallory', role: 'masar-admins' } },
    },
  });
  platform = await startPlatform({
    PORT: String(gatewayPort),
    SAML_IDP_METADATA_FILE: idp.metadataFile,
    SAML_SP_ENTITY_ID: SP_ENTITY_ID,
    SAML_ACS_URL: acsUrl,
    SAML_ROLE_ATTRIBUTE: 'role',
    SAML_ADMIN_ROLE_VALUES: 'masar-admins',
    SAML_ALLOWED_EMAIL_DOMAINS: 'acme.example',
    SAML_DISPLAY_NAME: 'Acme',
    SAML_KEY_PREFIX: `masar:test:saml:${gatewayPort}:`,
  });
});

afterAll(async () => {
  await platform?.stop();
  await idp?.stop();
});

describe('single sign-on with SAML 2.0', () => {
  it("tells the login screen to offer 'Sign in with <organisation>', next to OIDC's button when both are configured", async () => {
    const config = await request(platform.gateway.url).get('/app-config.json').expect(200);
    expect(config.body.singleSignOn).toEqual([{ displayName: 'Acme', loginUrl: '/api/auth/saml/login' }]);
    // OIDC discovers its provider on first use, so a gateway with both starts without one.
    const both = await platform.startAnotherGateway({
      PORT: '0',
      OIDC_ISSUER: 'https://id.acme.example',
      OIDC_CLIENT_ID: 'masar',
      OIDC_REDIRECT_URI: 'https://masar.acme.example/api/auth/oidc/callback',
      OIDC_DISPLAY_NAME: 'Acme Cloud',
    });
    expect((await request(both.url).get('/app-config.json').expect(200)).body.singleSignOn).toEqual([
      { displayName: 'Acme Cloud', loginUrl: '/api/auth/oidc/login' },
      { displayName: 'Acme', loginUrl: '/api/auth/saml/login' },
    ]);
  });

  it("publishes Masar's service provider metadata for the IdP's administrator", async () => {
    const metadata = await request(platform.gateway.url).get('/api/auth/saml/metadata').buffer(true).parse((response, done) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      response.on('end', () => done(null, text));
    }).expect(200);
    expect(metadata.headers['content-type']).toMatch(/^application\/samlmetadata\+xml/);
    const xml = metadata.body as string;
    expect(xml).toContain(`entityID="${SP_ENTITY_ID}"`);
    expect(xml).toContain('WantAssertionsSigned="true"');
    expect(xml).toMatch(new RegExp(`<AssertionConsumerService[^>]*Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST"[^>]*Location="${acsUrl}"`));
  });

  it("with Masar's own key: signs its AuthnRequests, names its certificate in the metadata, and reads assertions encrypted to it", async () => {
    const keys = mkdtempSync(path.join(tmpdir(), 'masar-saml-sp-'));
    const spKey = generateSigningKey(keys, 'masar-sp');
    const strictIdp = await startSamlIdentityProvider({
      audience: SP_ENTITY_ID,
      accounts: { nadia: { nameId: 'nadia-0004', attributes: { email: 'nadia@acme.example', displayName: 'Nadia Saleh', role: 'staff' } } },
      requestSigningCertificatePem: spKey.certificatePem,
      encryptAssertionsToCertificatePem: spKey.certificatePem,
    });
    try {
      const port = await freePort();
      const signedAcsUrl = `http://127.0.0.1:${port}/api/auth/saml/acs`;
      const gateway = await platform.startAnotherGateway({
        PORT: String(port),
        SAML_IDP_METADATA_FILE: strictIdp.metadataFile,
        SAML_ACS_URL: signedAcsUrl,
        // One line with \n, as an env file carries it.
        SAML_SP_PRIVATE_KEY: spKey.privateKeyPem.replace(/\n/g, '\\n'),
        SAML_SP_CERT: spKey.certificatePem,
        SAML_KEY_PREFIX: `masar:test:saml:${port}:`,
      });
      const metadata = await request(gateway.url).get('/api/auth/saml/metadata').buffer(true).parse((response, done) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        response.on('end', () => done(null, text));
      }).expect(200);
      const certificateBody = spKey.certificatePem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, '');
      expect(metadata.body).toContain('AuthnRequestsSigned="true"');
      const keyDescriptor = (use: string) => new RegExp(`<KeyDescriptor use="${use}">[\\s\\S]*?</KeyDescriptor>`).exec(metadata.body as string)?.[0].replace(/\s+/g, '');
      expect(keyDescriptor('signing')).toContain(certificateBody);
      expect(keyDescriptor('encryption')).toContain(certificateBody);

      const agent = request.agent(gateway.url);
      const authnRequestUrl = (await agent.get('/api/auth/saml/login').expect(302)).headers.location as string;
      expect(new URL(authnRequestUrl).searchParams.get('SigAlg')).toBe('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
      // The IdP checks the signature against Masar's certificate: without it, the request is refused.
      const unsigned = new URL(authnRequestUrl);
      unsigned.searchParams.delete('Signature');
      expect((await fetch(`${unsigned}&login_hint=nadia`)).status).toBe(403);
      expect(strictIdp.refusedRequests).toBe(1);

      const form = await strictIdp.answer(authnRequestUrl, 'nadia');
      expect(strictIdp.refusedRequests).toBe(1);
      const responseXml = Buffer.from(form.SAMLResponse, 'base64').toString('utf8');
      expect(responseXml).toContain('<saml:EncryptedAssertion>');
      expect(responseXml).not.toContain('nadia@acme.example');
      const finished = await agent.post('/api/auth/saml/acs').set('Origin', strictIdp.origin).type('form').send({ SAMLResponse: form.SAMLResponse, RelayState: form.RelayState });
      expect([finished.status, finished.headers.location]).toEqual([303, '/']);
      expect((await agent.get('/api/auth/user').expect(200)).body).toMatchObject({ email: 'nadia@acme.example', firstName: 'Nadia', role: 'learner' });

      // A gateway without the key cannot read an assertion encrypted to it, and says so without a 5xx.
      const withoutKey = await request(platform.gateway.url).post('/api/auth/saml/acs').set('Origin', strictIdp.origin).type('form').send({ SAMLResponse: form.SAMLResponse });
      expect(withoutKey.status).toBe(303);
      expect(withoutKey.headers.location).toMatch(/^\/login\?signInError=/);
    } finally {
      await strictIdp.stop();
      rmSync(keys, { recursive: true, force: true });
    }
  });

  it('a first sign-in creates the account with the mapped role, name, email and language; the next one reuses it', async () => {
    const first = await signInThroughIdp('alice');
    expect(first.finished.status).toBe(303);
    expect(first.finished.headers.location).toBe('/');
    // The session cookie is set by the cross-site form post, and still only for this site's own requests.
    const cookie = String(first.finished.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const alice = userSchema.parse((await first.agent.get('/api/auth/user').expect(200)).body);
    expect(alice).toMatchObject({ role: 'admin', email: 'alice@acme.example', firstName: 'Alice', lastName: 'Admin', preferredLanguage: 'en', active: true });

    const again = await signInThroughIdp('alice');
    expect(again.finished.status).toBe(303);
    expect((await again.agent.get('/api/auth/user').expect(200)).body.id).toBe(alice.id);

    const salma = await signInThroughIdp('salma');
    expect(salma.finished.headers.location).toBe('/');
    const learner = (await salma.agent.get('/api/auth/user').expect(200)).body;
    expect(learner).toMatchObject({ role: 'learner', email: 'salma@acme.example', firstName: 'سلمى', lastName: 'الحربي', preferredLanguage: 'ar' });
    expect(learner.id).not.toBe(alice.id);
  });

  it("sign-out ends the Masar session and hands the browser to the IdP's single logout", async () => {
    const { agent } = await signInThroughIdp('salma');
    const loggedOut = await agent.post('/api/auth/logout').set('Origin', platform.gateway.url).expect(200);
    const logoutUrl = loggedOut.body.providerLogoutUrl as string;
    expect(`${new URL(logoutUrl).origin}${new URL(logoutUrl).pathname}`).toBe(idp.sloUrl);
    const logoutRequest = idp.readLogoutRequest(logoutUrl);
    expect(logoutRequest.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:assertion', 'NameID')[0]?.textContent).toBe('salma-0002');
    expect(logoutRequest.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:protocol', 'SessionIndex')[0]?.textContent).toMatch(/^_s/);
    await agent.get('/api/auth/user').expect(401);
  });

  it('a logout started at the IdP ends the Masar session it names, once signed by the IdP, and answers with a LogoutResponse', async () => {
    const sloUrl = `${platform.gateway.url}/api/auth/saml/slo`;
    const metadata = await request(platform.gateway.url).get('/api/auth/saml/metadata').expect(200);
    expect(String(metadata.text ?? metadata.body)).toMatch(/<SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="[^"]*\/api\/auth\/saml\/slo"/);
    const earlier = await signInThroughIdp('salma');
    const latest = await signInThroughIdp('salma');
    const alice = await signInThroughIdp('alice');

    // Unsigned, or signed by another key: refused with a message, and nobody is signed out.
    const unsigned = await followToMasar(idp.logoutRequestUrl(sloUrl, 'salma-0002', { signed: false }));
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.message).toMatch(/must be signed/);
    const forged = await followToMasar(idp.logoutRequestUrl(sloUrl, 'salma-0002', { signedBy: 'other-key' }));
    expect([forged.status, forged.body.message]).toEqual([400, 'The logout request could not be verified against the identity provider']);
    await latest.agent.get('/api/auth/user').expect(200);

    // The IdP's session index names the latest sign-in only; the earlier session and Alice's stay.
    const answered = await followToMasar(idp.logoutRequestUrl(sloUrl, 'salma-0002')).expect(302);
    const back = new URL(answered.headers.location as string);
    expect(`${back.origin}${back.pathname}`).toBe(idp.sloUrl);
    expect(back.searchParams.get('RelayState')).toBe('idp-logout-1');
    const logoutResponse = idp.readLogoutResponse(back.toString());
    expect(logoutResponse.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:protocol', 'StatusCode')[0]?.getAttribute('Value')).toBe('urn:oasis:names:tc:SAML:2.0:status:Success');
    await latest.agent.get('/api/auth/user').expect(401);
    await earlier.agent.get('/api/auth/user').expect(200);
    await alice.agent.get('/api/auth/user').expect(200);

    // Without a session index, every Masar session of the person ends.
    await followToMasar(idp.logoutRequestUrl(sloUrl, 'salma-0002', { withSessionIndex: false })).expect(302);
    await earlier.agent.get('/api/auth/user').expect(401);
    await alice.agent.get('/api/auth/user').expect(200);
  });

  describe('single logout by the HTTP-POST binding', () => {
    let postIdp: SamlIdentityProvider;
    let gatewayUrl: string;
    let sloUrl: string;

    beforeAll(async () => {
      // An IdP whose single logout takes the HTTP-POST binding only, and a gateway configured with it.
      postIdp = await startSamlIdentityProvider({
        audience: SP_ENTITY_ID,
        logoutBindings: ['post'],
        accounts: {
          salma: { nameId: 'salma-0002', attributes: { email: 'salma@acme.example', displayName: 'سلمى الحربي', preferredLanguage: 'ar', role: 'staff' } },
          alice: { nameId: 'alice-0001', attributes: { email: 'alice@acme.example', displayName: 'Alice Admin', role: 'masar-admins' } },
        },
      });
      const gateway = await platform.startAnotherGateway({ PORT: '0', SAML_IDP_METADATA_FILE: postIdp.metadataFile, SAML_KEY_PREFIX: `${platform.env.SAML_KEY_PREFIX}post:` });
      gatewayUrl = gateway.url;
      sloUrl = `${gatewayUrl}/api/auth/saml/slo`;
    });

    afterAll(async () => {
      await postIdp?.stop();
    });

    /** Signs in at the POST-logout IdP through the gateway configured with it. */
    async function signInAtPostIdp(loginHint: string, through = gatewayUrl) {
      const agent = request.agent(through);
      const authnRequestUrl = (await agent.get('/api/auth/saml/login').expect(302)).headers.location as string;
      const form = await postIdp.answer(authnRequestUrl, loginHint);
      const finished = await agent.post('/api/auth/saml/acs').set('Origin', postIdp.origin).type('form').send({ SAMLResponse: form.SAMLResponse, RelayState: form.RelayState });
      expect(finished.headers.location).toBe('/');
      await agent.get('/api/auth/user').expect(200);
      return agent;
    }

    const postToSlo = (fields: Record<string, string>, language = 'en') =>
      request(gatewayUrl).post('/api/auth/saml/slo').set('Origin', postIdp.origin).set('Accept-Language', language).type('form').send(fields);

    it("names the HTTP-POST binding next to HTTP-Redirect in Masar's metadata", async () => {
      const metadata = String((await request(platform.gateway.url).get('/api/auth/saml/metadata').expect(200)).text);
      expect(metadata).toMatch(/<SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="[^"]*\/api\/auth\/saml\/slo"/);
      expect(metadata).toMatch(/<SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="[^"]*\/api\/auth\/saml\/slo"/);
    });

    it('a logout the IdP posts ends the session it names once signed by the IdP, answered by a posted LogoutResponse', async () => {
      const earlier = await signInAtPostIdp('salma');
      const latest = await signInAtPostIdp('salma');
      const alice = await signInAtPostIdp('alice');

      const unsigned = await postToSlo(postIdp.postedLogoutRequest(sloUrl, 'salma-0002', { signed: false })).expect(400);
      expect(unsigned.body.message).toBe('A logout message the identity provider posts must carry its XML signature (HTTP-POST binding)');
      const forged = await postToSlo(postIdp.postedLogoutRequest(sloUrl, 'salma-0002', { signedBy: 'other-key' })).expect(400);
      expect(forged.body.message).toBe('The logout request could not be verified against the identity provider');
      const tampered = postIdp.postedLogoutRequest(sloUrl, 'salma-0002');
      const otherPerson = Buffer.from(Buffer.from(tampered.SAMLRequest, 'base64').toString('utf8').replace('salma-0002', 'alice-0001')).toString('base64');
      await postToSlo({ ...tampered, SAMLRequest: otherPerson }).expect(400);
      await postToSlo({}).expect(400);
      await latest.get('/api/auth/user').expect(200);
      await alice.get('/api/auth/user').expect(200);

      const logoutRequest = postIdp.postedLogoutRequest(sloUrl, 'salma-0002');
      const page = await postToSlo(logoutRequest, 'ar').expect(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['content-security-policy']).toContain(`form-action 'self' ${postIdp.origin}`);
      expect(page.text).toContain('جارٍ تسجيل خروجك');
      expect(page.text).toContain('<script src="/api/lti/auto-submit.js"></script>');
      const form = postIdp.readPostPage(page.text);
      expect(form.action).toBe(`${postIdp.origin}/slo-post`);
      expect(form.fields.RelayState).toBe('idp-logout-post-1');
      const answer = postIdp.decodePosted(form.fields.SAMLResponse).documentElement;
      expect(answer.localName).toBe('LogoutResponse');
      expect(answer.getAttribute('InResponseTo')).toBe(postIdp.decodePosted(logoutRequest.SAMLRequest).documentElement.getAttribute('ID'));
      expect(answer.getAttribute('Destination')).toBe(`${postIdp.origin}/slo-post`);
      expect(answer.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:protocol', 'StatusCode')[0]?.getAttribute('Value')).toBe('urn:oasis:names:tc:SAML:2.0:status:Success');
      // Its session index names the latest sign-in only.
      await latest.get('/api/auth/user').expect(401);
      await earlier.get('/api/auth/user').expect(200);
      await alice.get('/api/auth/user').expect(200);
      expect((await postToSlo(postIdp.postedLogoutRequest(sloUrl, 'salma-0002', { withSessionIndex: false }), 'en').expect(200)).text).toContain('Signing you out');
      await earlier.get('/api/auth/user').expect(401);
      await alice.get('/api/auth/user').expect(200);
    });

    it('an IdP with the redirect logout only is answered by redirect when it posts its LogoutRequest', async () => {
      const { agent } = await signInThroughIdp('salma');
      const posted = await request(platform.gateway.url)
        .post('/api/auth/saml/slo')
        .set('Origin', idp.origin)
        .type('form')
        .send(idp.postedLogoutRequest(`${platform.gateway.url}/api/auth/saml/slo`, 'salma-0002'))
        .expect(303);
      const back = new URL(posted.headers.location as string);
      expect(`${back.origin}${back.pathname}`).toBe(idp.sloUrl);
      expect(idp.readLogoutResponse(back.toString()).documentElement.localName).toBe('LogoutResponse');
      await agent.get('/api/auth/user').expect(401);
    });

    it("Masar's sign-out posts its LogoutRequest to an IdP with the HTTP-POST logout only, and takes the IdP's posted LogoutResponse once", async () => {
      const salma = await signInAtPostIdp('salma');
      const loggedOut = await salma.post('/api/auth/logout').set('Origin', gatewayUrl).expect(200);
      await salma.get('/api/auth/user').expect(401);
      const pageUrl = new URL(loggedOut.body.providerLogoutUrl as string);
      expect(pageUrl.pathname).toMatch(/^\/api\/auth\/saml\/logout-post\/[A-Za-z0-9_-]{20,}$/);
      const page = await request(gatewayUrl).get(pageUrl.pathname).expect(200);
      expect(page.headers['cache-control']).toBe('no-store');
      const form = postIdp.readPostPage(page.text);
      expect(form.action).toBe(`${postIdp.origin}/slo-post`);
      const logoutRequest = postIdp.decodePosted(form.fields.SAMLRequest).documentElement;
      expect(logoutRequest.localName).toBe('LogoutRequest');
      expect(logoutRequest.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:assertion', 'NameID')[0]?.textContent).toBe('salma-0002');
      expect(logoutRequest.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:protocol', 'SessionIndex')[0]?.textContent).toMatch(/^_s/);
      // The page works once.
      const gone = await request(gatewayUrl).get(pageUrl.pathname).expect(404);
      expect(gone.body.message).toBe('This sign-out page has expired or was already used; your Masar session has ended');

      const requestId = logoutRequest.getAttribute('ID') ?? '';
      const unsigned = await postToSlo(postIdp.postedLogoutResponse(sloUrl, requestId, { signed: false })).expect(400);
      expect(unsigned.body.message).toBe('A logout message the identity provider posts must carry its XML signature (HTTP-POST binding)');
      const unknown = await postToSlo(postIdp.postedLogoutResponse(sloUrl, '_never-sent')).expect(400);
      expect(unknown.body.message).toBe('The logout response does not answer a sign-out this Masar started, or could not be verified');
      const answered = postIdp.postedLogoutResponse(sloUrl, requestId);
      const done = await postToSlo(answered).expect(303);
      expect(done.headers.location).toBe('/login');
      await postToSlo(answered).expect(400);

      // An IdP that could not end its own session says so; Masar's session is over all the same.
      const alice = await signInAtPostIdp('alice');
      const aliceOut = await alice.post('/api/auth/logout').set('Origin', gatewayUrl).expect(200);
      const alicePage = postIdp.readPostPage((await request(gatewayUrl).get(new URL(aliceOut.body.providerLogoutUrl as string).pathname).expect(200)).text);
      const aliceRequestId = postIdp.decodePosted(alicePage.fields.SAMLRequest).documentElement.getAttribute('ID') ?? '';
      const failed = await postToSlo(postIdp.postedLogoutResponse(sloUrl, aliceRequestId, { status: 'Responder' })).expect(400);
      expect(failed.body.message).toBe('Your identity provider could not end its own session; your Masar session has ended');
      await alice.get('/api/auth/user').expect(401);
    });
  });

  it("with Masar's own key, the logout messages it posts carry its XML signature", async () => {
    const keys = mkdtempSync(path.join(tmpdir(), 'masar-saml-sp-post-'));
    const spKey = generateSigningKey(keys, 'masar-sp-post');
    const postIdp = await startSamlIdentityProvider({
      audience: SP_ENTITY_ID,
      logoutBindings: ['post'],
      accounts: { nadia: { nameId: 'nadia-0004', attributes: { email: 'nadia@acme.example', displayName: 'Nadia Saleh', role: 'staff' } } },
    });
    try {
      const keyed = await platform.startAnotherGateway({
        PORT: '0',
        SAML_IDP_METADATA_FILE: postIdp.metadataFile,
        SAML_SP_PRIVATE_KEY: spKey.privateKeyPem,
        SAML_SP_CERT: spKey.certificatePem,
        SAML_KEY_PREFIX: `${platform.env.SAML_KEY_PREFIX}post-keyed:`,
      });
      const signIn = async () => {
        const agent = request.agent(keyed.url);
        const form = await postIdp.answer((await agent.get('/api/auth/saml/login').expect(302)).headers.location as string, 'nadia');
        await agent.post('/api/auth/saml/acs').set('Origin', postIdp.origin).type('form').send({ SAMLResponse: form.SAMLResponse }).expect(303);
        await agent.get('/api/auth/user').expect(200);
        return agent;
      };
      // Masar's sign-out: the LogoutRequest its page posts.
      const nadia = await signIn();
      const loggedOut = await nadia.post('/api/auth/logout').set('Origin', keyed.url).expect(200);
      const requestPage = postIdp.readPostPage((await request(keyed.url).get(new URL(loggedOut.body.providerLogoutUrl as string).pathname).expect(200)).text);
      expect(postIdp.postedMessageSignedBy(requestPage.fields.SAMLRequest, spKey.certificatePem)).toBe(true);
      expect(postIdp.postedMessageSignedBy(requestPage.fields.SAMLRequest, postIdp.certificatePem)).toBe(false);
      // A logout the IdP posts: the LogoutResponse Masar's page posts back.
      const again = await signIn();
      const responsePage = await request(keyed.url)
        .post('/api/auth/saml/slo')
        .set('Origin', postIdp.origin)
        .type('form')
        .send(postIdp.postedLogoutRequest(`${keyed.url}/api/auth/saml/slo`, 'nadia-0004'))
        .expect(200);
      expect(postIdp.postedMessageSignedBy(postIdp.readPostPage(responsePage.text).fields.SAMLResponse, spKey.certificatePem)).toBe(true);
      await again.get('/api/auth/user').expect(401);
    } finally {
      await postIdp.stop();
      rmSync(keys, { recursive: true, force: true });
    }
  });

  it('an IdP without a logout URL: sign-out is local only', async () => {
    const gateway = await platform.startAnotherGateway({
      PORT: '0',
      SAML_IDP_METADATA_FILE: '',
      SAML_IDP_ENTRY_POINT: idp.ssoUrl,
      SAML_IDP_CERT: idp.certificatePem,
      SAML_IDP_ENTITY_ID: idp.entityId,
    });
    // The IdP posts to the main gateway's ACS; both share the sessions in Redis, so sign out of the same session here.
    const { finished } = await signInThroughIdp('alice');
    const cookie = String(finished.headers['set-cookie']).split(';')[0];
    await request(gateway.url).get('/api/auth/user').set('Cookie', cookie).expect(200);
    const loggedOut = await request(gateway.url).post('/api/auth/logout').set('Cookie', cookie).set('Origin', gateway.url).expect(200);
    expect(loggedOut.body).toEqual({ message: 'Logged out' });
    await request(gateway.url).get('/api/auth/user').set('Cookie', cookie).expect(401);
  });

  it('an assertion for another audience is refused', async () => {
    const { agent, finished } = await signInWhileTampered('audience');
    expectRefused(finished, 'wrong-audience');
    await agent.get('/api/auth/user').expect(401);
  });

  it('an expired or not yet valid assertion is refused', async () => {
    expectRefused((await signInWhileTampered('expired')).finished, 'assertion-expired');
    expectRefused((await signInWhileTampered('not-yet-valid')).finished, 'assertion-expired');
  });

  it('an assertion changed after signing, or signed by another key, is refused as a bad signature; an unsigned one as unsigned', async () => {
    const altered = await signInWhileTampered('altered', 'salma');
    expectRefused(altered.finished, 'bad-signature');
    await altered.agent.get('/api/auth/user').expect(401);
    expectRefused((await signInWhileTampered('other-key')).finished, 'bad-signature');
    expectRefused((await signInWhileTampered('unsigned')).finished, 'unsigned');
  });

  it('a replayed response, or an assertion id seen before, is refused', async () => {
    const { finished, replay } = await signInThroughIdp('salma');
    expect(finished.headers.location).toBe('/');
    expectRefused(await replay(), 'replayed');
    // A fresh request answered with an assertion id Masar has already accepted.
    expectRefused((await signInWhileTampered('reuse-assertion-id', 'salma')).finished, 'replayed');
  });

  it('a response to a request this Masar never sent is refused', async () => {
    const { replay } = await signInThroughIdp('salma');
    const platformRedis = await import('redis');
    const redis = platformRedis.createClient({ url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' });
    await redis.connect();
    // The assertion is forgotten (as after its expiry): what is left is an unknown InResponseTo.
    for await (const keys of redis.scanIterator({ MATCH: `${platform.env.SAML_KEY_PREFIX}assertion:*` })) if (keys.length > 0) await redis.del(keys);
    await redis.close();
    expectRefused(await replay(), 'sign-in-expired');
  });

  it('an email outside the allowed domains is refused and creates no account', async () => {
    const { agent, finished } = await signInThroughIdp('mallory');
    expectRefused(finished, 'email-domain');
    await agent.get('/api/auth/user').expect(401);
    const admin = (await signInThroughIdp('alice')).agent;
    expect((await admin.get('/api/admin/users').query({ search: 'mallory' }).expect(200)).body.total).toBe(0);
  });

  it('a deactivated person is refused', async () => {
    const salma = await signInThroughIdp('salma');
    const salmaId = (await salma.agent.get('/api/auth/user').expect(200)).body.id as string;
    const admin = (await signInThroughIdp('alice')).agent;
    await admin.patch(`/api/admin/users/${salmaId}`).set('Origin', platform.gateway.url).send({ active: false }).expect(200);
    const refused = await signInThroughIdp('salma');
    expectRefused(refused.finished, 'account-deactivated');
    await refused.agent.get('/api/auth/user').expect(401);
    await admin.patch(`/api/admin/users/${salmaId}`).set('Origin', platform.gateway.url).send({ active: true }).expect(200);
  });

  it('checks the Recipient of the bearer confirmation (node-saml does not): an assertion for another ACS is refused', async () => {
    const { agent, finished } = await signInWhileTampered('recipient');
    expectRefused(finished, 'wrong-audience');
    await agent.get('/api/auth/user').expect(401);
  });

  it('refuses an IdP-initiated sign-in while it is switched off (the default), and signs nobody in', async () => {
    const form = await idp.startSignInHere(acsUrl, 'salma', '/courses');
    const agent = request.agent(platform.gateway.url);
    const finished = await agent.post('/api/auth/saml/acs').set('Origin', idp.origin).type('form').send({ SAMLResponse: form.SAMLResponse, RelayState: form.RelayState });
    expectRefused(finished, 'idp-initiated-off');
    await agent.get('/api/auth/user').expect(401);
  });

  describe('IdP-initiated sign-in, switched on (SAML_ALLOW_IDP_INITIATED=true)', () => {
    let gatewayUrl: string;

    beforeAll(async () => {
      // Same ACS URL, IdP and Redis as the main gateway: only the setting differs.
      gatewayUrl = (await platform.startAnotherGateway({ PORT: '0', SAML_ALLOW_IDP_INITIATED: 'true' })).url;
    });

    /** The person picks Masar's tile on the IdP's portal: its form posts the unsolicited response to Masar. */
    async function signInFromIdpPortal(loginHint: string, relayState?: string, mode: SamlTamper = '') {
      idp.tamper(mode);
      let form: Awaited<ReturnType<SamlIdentityProvider['startSignInHere']>>;
      try {
        form = await idp.startSignInHere(acsUrl, loginHint, relayState);
      } finally {
        idp.tamper('');
      }
      const post = (agent: ReturnType<typeof request.agent>) =>
        agent.post('/api/auth/saml/acs').set('Origin', idp.origin).type('form').send({ SAMLResponse: form.SAMLResponse, RelayState: form.RelayState });
      const agent = request.agent(gatewayUrl);
      return { agent, finished: await post(agent), replay: () => post(request.agent(gatewayUrl)) };
    }

    it('signs the person in and opens the page RelayState names on Masar', async () => {
      const { agent, finished } = await signInFromIdpPortal('salma', '/courses?tab=mine#top');
      expect([finished.status, finished.headers.location]).toEqual([303, '/courses?tab=mine#top']);
      expect(String(finished.headers['set-cookie'])).toMatch(/HttpOnly/);
      expect((await agent.get('/api/auth/user').expect(200)).body).toMatchObject({ email: 'salma@acme.example', role: 'learner', preferredLanguage: 'ar' });
      const admin = await signInFromIdpPortal('alice');
      expect(admin.finished.headers.location).toBe('/');
      expect((await admin.agent.get('/api/auth/user').expect(200)).body.role).toBe('admin');
    });

    it('sends the person home when RelayState names anything but a path on Masar', async () => {
      for (const relayState of ['//evil.example/courses', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', 'courses', '/a path with spaces', `/${'x'.repeat(1200)}`]) {
        const { agent, finished } = await signInFromIdpPortal('salma', relayState);
        expect([relayState, finished.status, finished.headers.location]).toEqual([relayState, 303, '/']);
        await agent.get('/api/auth/user').expect(200);
      }
    });

    it('refuses the same response posted twice (its assertion id is kept in Redis until NotOnOrAfter)', async () => {
      const { finished, replay } = await signInFromIdpPortal('salma');
      expect(finished.headers.location).toBe('/');
      const replayed = await replay();
      expectRefused(replayed, 'replayed');
      const keys: string[] = [];
      const platformRedis = await import('redis');
      const redis = platformRedis.createClient({ url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' });
      await redis.connect();
      for await (const batch of redis.scanIterator({ MATCH: `${platform.env.SAML_KEY_PREFIX}assertion:*` })) keys.push(...batch);
      const ttls = await Promise.all(keys.map((key) => redis.pTTL(key)));
      await redis.close();
      // Remembered at least as long as the assertion is valid (5 minutes here, 10 at the least), never for ever.
      expect(ttls.length).toBeGreaterThan(0);
      for (const ttl of ttls) expect(ttl).toBeGreaterThan(4 * 60_000);
      for (const ttl of ttls) expect(ttl).toBeLessThanOrEqual(24 * 60 * 60_000);
    });

    it('refuses wrong audience or recipient, an expired confirmation or assertion, a bad or missing signature, and a confirmation that names a request', async () => {
      const cases: Array<[SamlTamper, SignInErrorCode]> = [
        ['audience', 'wrong-audience'],
        ['recipient', 'wrong-audience'],
        ['expired', 'assertion-expired'],
        ['not-yet-valid', 'assertion-expired'],
        ['confirmation-expired', 'assertion-expired'],
        ['unsigned', 'unsigned'],
        ['other-key', 'bad-signature'],
        ['altered', 'bad-signature'],
        ['confirmation-names-request', 'sign-in-expired'],
      ];
      for (const [mode, code] of cases) {
        const { agent, finished } = await signInFromIdpPortal('salma', '/courses', mode);
        expect([mode, finished.status, finished.headers.location]).toEqual([mode, 303, `/login?signInError=${code}`]);
        await agent.get('/api/auth/user').expect(401);
      }
    });

    it('still signs in through Masar\'s own request, and still refuses a response to a request it never sent', async () => {
      const spInitiated = await signInThroughIdp('salma', gatewayUrl);
      expect(spInitiated.finished.headers.location).toBe('/');
      await spInitiated.agent.get('/api/auth/user').expect(200);
      const unknownRequest = await signInThroughIdp('alice', gatewayUrl);
      await unknownRequest.agent.get('/api/auth/user').expect(200);
      const platformRedis = await import('redis');
      const redis = platformRedis.createClient({ url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' });
      await redis.connect();
      for await (const keys of redis.scanIterator({ MATCH: `${platform.env.SAML_KEY_PREFIX}assertion:*` })) if (keys.length > 0) await redis.del(keys);
      await redis.close();
      // Its request id was used up: with InResponseTo present, switching IdP-initiated on does not make it unsolicited.
      expectRefused(await unknownRequest.replay(), 'sign-in-expired');
    });
  });

  it('a post without a SAML response, or with garbage, is refused without a 5xx', async () => {
    const empty = await request(platform.gateway.url).post('/api/auth/saml/acs').set('Origin', 'https://elsewhere.example').type('form').send({});
    expectRefused(empty, 'response-unverified');
    const garbage = await request(platform.gateway.url)
      .post('/api/auth/saml/acs')
      .type('form')
      .send({ SAMLResponse: Buffer.from('<not-saml>\u0000</oops>').toString('base64') });
    expect(garbage.status).toBe(303);
    expect(garbage.headers.location).toMatch(/^\/login\?signInError=/);
  });

  it('answers 404 where SAML is not configured, and other routes keep refusing cross-site posts', async () => {
    const withoutSaml = await platform.startAnotherGateway({ PORT: '0', SAML_IDP_METADATA_FILE: '' });
    await request(withoutSaml.url).get('/api/auth/saml/login').expect(404);
    await request(withoutSaml.url).get('/api/auth/saml/metadata').expect(404);
    await request(platform.gateway.url).post('/api/auth/logout').set('Origin', idp.origin).expect(403);
  });
});
