import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

export interface OidcTestAccount {
  email: string;
  given_name?: string;
  family_name?: string;
  locale?: string;
  roles?: string[];
  email_verified?: boolean;
}

export interface OidcProviderProcess {
  issuer: string;
  /** Makes the provider's next id_tokens carry the wrong audience, or no signature; '' stops it. */
  tamper(mode: 'aud' | 'none' | ''): Promise<void>;
  stop(): Promise<void>;
}

/** Starts oidc-provider (a certified OpenID Provider) on loopback as its own Node process. */
export function startOidcProvider(options: {
  port: number;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
  accounts: Record<string, OidcTestAccount>;
}): Promise<OidcProviderProcess> {
  const child: ChildProcess = spawn(process.execPath, [path.join(__dirname, 'oidc-provider-server.mjs')], {
    env: { ...process.env, OIDC_TEST_CONFIG: JSON.stringify(options) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`oidc-provider exited with ${code}: ${output}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /ready (\S+)/.exec(chunk.toString());
      if (!match) return;
      const issuer = match[1]!;
      resolve({
        issuer,
        async tamper(mode) {
          const response = await fetch(`${issuer}/test/tamper`, { method: 'POST', body: JSON.stringify({ mode }) });
          if (response.status !== 204) throw new Error(`tamper failed: ${response.status}`);
        },
        stop: () =>
          new Promise<void>((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.kill();
          }),
      });
    });
  });
}

/**
 * Plays the person's browser at the provider: follows its redirects (keeping its cookies) from the
 * authorization URL until it sends the browser back to `redirectUri`, and returns that URL.
 */
export async function signInAtProvider(authorizationUrl: string, loginHint: string, redirectUri: string): Promise<string> {
  const cookies = new Map<string, string>();
  let url = `${authorizationUrl}&login_hint=${encodeURIComponent(loginHint)}`;
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.startsWith(redirectUri)) return url;
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const separator = pair.indexOf('=');
      cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider stopped at ${url} with ${response.status}: ${await response.text()}`);
    url = new URL(location, url).toString();
  }
  throw new Error('too many redirects at the provider');
}
