// Signing in to a running platform's API from a script (benchmarks, drills): the session cookie to send.
'use strict';

/** Signs in with a username and password, as the portal's login form does; resolves to `masar.sid=…`. */
async function signIn(baseUrl, username, password) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`signing in as ${username}: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('masar.sid='));
  if (!cookie) throw new Error(`signing in as ${username} set no session cookie`);
  return cookie.split(';')[0];
}

/** The admin of a platform started with the default (or ADMIN_USERNAME / ADMIN_PASSWORD) credentials. */
function signInAsAdmin(baseUrl) {
  return signIn(baseUrl, process.env.ADMIN_USERNAME ?? 'admin', process.env.ADMIN_PASSWORD ?? 'admin123');
}

module.exports = { signIn, signInAsAdmin };
