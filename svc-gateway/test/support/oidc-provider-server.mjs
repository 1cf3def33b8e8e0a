// A real OpenID Provider (oidc-provider, ESM-only, so it runs as its own process) for the SSO tests.
// Reads OIDC_TEST_CONFIG: {port, clientId, clientSecret, redirectUri, postLogoutRedirectUri, accounts: {id: claims}}.
// The interaction signs in the account named by `login_hint` (the test plays the person at the
// provider's login form) and grants the requested scopes. POST /test/tamper {mode} makes the next
// token responses carry an id_token with the wrong audience ('aud') or no signature ('none'), as a
// misbehaving or forged provider answer would.
import { generateKeyPairSync, sign } from 'node:crypto';
import Provider from 'oidc-provider';

const config = JSON.parse(process.env.OIDC_TEST_CONFIG);
const issuer = `http://127.0.0.1:${config.port}`;
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' };
let tamperMode = '';

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: config.clientId,
      client_secret: config.clientSecret,
      redirect_uris: [config.redirectUri],
      post_logout_redirect_uris: [config.postLogoutRedirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  jwks: { keys: [signingKey] },
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['name', 'given_name', 'family_name', 'locale', 'roles'],
  },
  // Put the scopes' claims in the id_token itself (the relying party reads only the id_token).
  conformIdTokenClaims: false,
  pkce: { required: () => true },
  features: { devInteractions: { enabled: false } },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  cookies: { keys: ['oidc-test-cookie-key'] },
  async findAccount(_ctx, id) {
    const claims = config.accounts[id];
    if (!claims) return undefined;
    return { accountId: id, claims: () => ({ sub: id, ...claims }) };
  },
});
provider.proxy = false;

const base64url = (value) => Buffer.from(value).toString('base64url');

function tamperedIdToken(idToken) {
  const [header, payload] = idToken.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  if (tamperMode === 'none') return `${base64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${payload}.`;
  const forged = `${header}.${base64url(JSON.stringify({ ...claims, aud: 'another-relying-party' }))}`;
  return `${forged}.${sign('sha256', Buffer.from(forged), privateKey).toString('base64url')}`;
}

provider.use(async (ctx, next) => {
  if (ctx.method === 'POST' && ctx.path === '/test/tamper') {
    const chunks = [];
    for await (const chunk of ctx.req) chunks.push(chunk);
    tamperMode = JSON.parse(Buffer.concat(chunks).toString()).mode;
    ctx.status = 204;
    return;
  }
  if (ctx.method === 'GET' && ctx.path.startsWith('/interaction/')) {
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    let result;
    if (details.prompt.name === 'login') {
      result = { login: { accountId: String(details.params.login_hint) } };
    } else {
      const grant = new provider.Grant({ accountId: details.session.accountId, clientId: details.params.client_id });
      grant.addOIDCScope(String(details.params.scope));
      result = { consent: { grantId: await grant.save() } };
    }
    await provider.interactionFinished(ctx.req, ctx.res, result, { mergeWithLastSubmission: false });
    ctx.respond = false;
    return;
  }
  await next();
  if (tamperMode && ctx.path === '/token' && ctx.body && typeof ctx.body === 'object' && ctx.body.id_token) {
    ctx.body = { ...ctx.body, id_token: tamperedIdToken(ctx.body.id_token) };
  }
});

provider.listen(config.port, '127.0.0.1', () => {
  process.stdout.write(`ready ${issuer}\n`);
});
