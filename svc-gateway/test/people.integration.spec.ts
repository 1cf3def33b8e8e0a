import { importUsersReplySchema, resetPasswordReplySchema, userListSchema, userSchema } from '@masar/contracts';
import request from 'supertest';
import { Platform, startPlatform } from './support/platform';

let platform: Platform;

/** Each simulated browser comes from its own address, so the per-address sign-in limit stays per test. */
let lastAddressOctet = 10;
function browser() {
  lastAddressOctet += 1;
  return request.agent(platform.gateway.url).set('X-Forwarded-For', `198.51.100.${lastAddressOctet}`);
}

async function signedIn(username: string, password: string) {
  const agent = browser();
  await agent.post('/api/auth/login').send({ username, password }).expect(200);
  return agent;
}

let sequence = 0;
function newPerson(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    username: `person${sequence}`,
    password: 'a fine long passphrase',
    firstName: 'Layla',
    lastName: 'Haddad',
    email: `person${sequence}@masar.test`,
    role: 'learner',
    preferredLanguage: 'en',
    ...overrides,
  };
}

beforeAll(async () => {
  platform = await startPlatform({ TRUST_PROXY: 'loopback' });
});

afterAll(async () => {
  await platform?.stop();
});

describe('people management through the gateway', () => {
  it('an admin adds a learner (201), who can then sign in; a taken username is a 409', async () => {
    const admin = await signedIn('admin', 'admin123');
    const person = newPerson({ username: 'Nour.Saleh' });
    const created = await admin.post('/api/admin/users').send(person).expect(201);
    const user = userSchema.strict().parse(created.body.user);
    expect(user).toMatchObject({ username: 'nour.saleh', role: 'learner', active: true, mustChangePassword: false });

    const learner = await signedIn('NOUR.SALEH', person.password);
    expect((await learner.get('/api/auth/user').expect(200)).body.id).toBe(user.id);

    const taken = await admin.post('/api/admin/users').send({ ...person, username: ' nour.saleh ' }).expect(409);
    expect(taken.body).toEqual({ statusCode: 409, message: 'That username is already taken' });
    const invisible = await admin.post('/api/admin/users').send({ ...person, username: '\u200B\u200B\u200B' }).expect(400);
    expect(invisible.body).toEqual({ statusCode: 400, message: 'username: Usernames cannot contain spaces or invisible characters' });
  });

  it('a learner gets 403 on every admin route, and nothing changes', async () => {
    const learner = await signedIn('demo', 'demo123');
    const admin = await signedIn('admin', 'admin123');
    const adminUser = userSchema.parse((await admin.get('/api/auth/user')).body);
    const before = userListSchema.parse((await admin.get('/api/admin/users?pageSize=100').expect(200)).body).total;
    const attempts = [
      learner.get('/api/admin/users'),
      learner.post('/api/admin/users').send(newPerson({ role: 'admin' })),
      learner.post('/api/admin/users/import').attach('file', Buffer.from('username,firstName,lastName,email\nx.y,X,Y,x@y.test\n'), 'people.csv'),
      learner.patch(`/api/admin/users/${adminUser.id}`).send({ active: false }),
      learner.post(`/api/admin/users/${adminUser.id}/password`).send({}),
    ];
    for (const attempt of attempts) {
      const response = await attempt;
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ statusCode: 403, message: 'You do not have permission to do this' });
    }
    expect(userListSchema.parse((await admin.get('/api/admin/users?pageSize=100').expect(200)).body).total).toBe(before);
    await signedIn('admin', 'admin123');
  });

  it('a deactivated person’s open session gets 401 on its next call, and they cannot sign in', async () => {
    const admin = await signedIn('admin', 'admin123');
    const person = newPerson();
    const { user } = (await admin.post('/api/admin/users').send(person).expect(201)).body;
    const learner = await signedIn(person.username, person.password);
    await learner.get('/api/auth/user').expect(200);

    await admin.patch(`/api/admin/users/${user.id}`).send({ active: false }).expect(200);
    const ended = await learner.get('/api/auth/user').expect(401);
    expect(ended.body).toEqual({ statusCode: 401, message: 'Unauthorized' });
    expect(([] as string[]).concat(ended.headers['set-cookie'] ?? []).join()).toMatch(/masar\.sid=;/);

    const refused = await browser().post('/api/auth/login').send({ username: person.username, password: person.password }).expect(401);
    expect(refused.body).toEqual({ statusCode: 401, message: 'Invalid username or password' });

    await admin.patch(`/api/admin/users/${user.id}`).send({ active: true }).expect(200);
    // Reactivation does not bring the ended session back; signing in again works.
    await learner.get('/api/auth/user').expect(401);
    await signedIn(person.username, person.password);
  });

  it('a role change reaches the person’s very next call, though the gateway had just read their user', async () => {
    const admin = await signedIn('admin', 'admin123');
    const person = newPerson();
    const { user } = (await admin.post('/api/admin/users').send(person).expect(201)).body;
    const promoted = await signedIn(person.username, person.password);
    await promoted.get('/api/auth/user').expect(200);
    await promoted.get('/api/admin/users').expect(403);

    await admin.patch(`/api/admin/users/${user.id}`).send({ role: 'admin' }).expect(200);
    await promoted.get('/api/admin/users').expect(200);
    await admin.patch(`/api/admin/users/${user.id}`).send({ role: 'learner' }).expect(200);
    await promoted.get('/api/admin/users').expect(403);
    expect((await promoted.get('/api/auth/user').expect(200)).body.role).toBe('learner');
  });

  it('an admin cannot deactivate, demote or reset themselves', async () => {
    const admin = await signedIn('admin', 'admin123');
    const me = userSchema.parse((await admin.get('/api/auth/user')).body);
    await admin.patch(`/api/admin/users/${me.id}`).send({ active: false }).expect(403);
    await admin.patch(`/api/admin/users/${me.id}`).send({ role: 'learner' }).expect(403);
    await admin.post(`/api/admin/users/${me.id}/password`).send({}).expect(403);
    await admin.patch('/api/admin/users/not-a-uuid').send({ active: false }).expect(404);
    await admin.patch(`/api/admin/users/${me.id}`).send({ role: 'owner' }).expect(400);
    expect((await admin.get('/api/auth/user').expect(200)).body).toMatchObject({ role: 'admin', active: true });
  });

  it('after a reset the person reaches nothing but the password change, then everything again', async () => {
    const admin = await signedIn('admin', 'admin123');
    const person = newPerson();
    const { user } = (await admin.post('/api/admin/users').send(person).expect(201)).body;
    const reset = resetPasswordReplySchema.parse((await admin.post(`/api/admin/users/${user.id}/password`).send({}).expect(200)).body);
    const temporary = reset.temporaryPassword ?? '';
    expect(temporary).toHaveLength(23);

    await browser().post('/api/auth/login').send({ username: person.username, password: person.password }).expect(401);
    const learner = await signedIn(person.username, temporary);
    expect((await learner.get('/api/auth/user').expect(200)).body.mustChangePassword).toBe(true);
    const blocked = await learner.get('/api/job-descriptions').expect(403);
    expect(blocked.body).toEqual({ statusCode: 403, message: 'Please change your password before continuing' });

    const wrong = await learner.post('/api/auth/password').send({ currentPassword: 'not it at all', newPassword: 'my very own passphrase' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('currentPassword: Your current password is not correct');
    const short = await learner.post('/api/auth/password').send({ currentPassword: temporary, newPassword: 'short' }).expect(400);
    expect(short.body.message).toBe('newPassword: Use at least 12 characters');

    const changed = await learner.post('/api/auth/password').send({ currentPassword: temporary, newPassword: 'my very own passphrase' }).expect(200);
    expect(changed.body).toMatchObject({ message: 'Password changed', user: { mustChangePassword: false } });
    expect(([] as string[]).concat(changed.headers['set-cookie'] ?? []).join()).toMatch(/masar\.sid=s%3A/);
    expect((await learner.get('/api/auth/user').expect(200)).body.mustChangePassword).toBe(false);
    await browser().post('/api/auth/login').send({ username: person.username, password: temporary }).expect(401);
    await signedIn(person.username, 'my very own passphrase');
  });

  it('everyone changes their own password; a signed-out browser cannot', async () => {
    await browser().post('/api/auth/password').send({ currentPassword: 'x', newPassword: 'a long new passphrase' }).expect(401);
    const admin = await signedIn('admin', 'admin123');
    const person = newPerson();
    await admin.post('/api/admin/users').send(person).expect(201);
    const learner = await signedIn(person.username, person.password);
    const smuggled = await learner
      .post('/api/auth/password')
      .send({ currentPassword: person.password, newPassword: 'a long new passphrase', id: 'someone-else' })
      .expect(400);
    expect(smuggled.body.message).toContain('id');
    await learner.post('/api/auth/password').send({ currentPassword: person.password, newPassword: 'a long new passphrase' }).expect(200);
    await signedIn(person.username, 'a long new passphrase');
  });

  it('imports people from a CSV upload and reports each row; a file that is not CSV or too large adds nobody', async () => {
    const admin = await signedIn('admin', 'admin123');
    const csv = '\uFEFFusername,firstName,lastName,email\r\nimported.one,سارة,علي,sara@masar.test\r\nADMIN,X,Y,x@masar.test\r\n';
    const report = importUsersReplySchema.parse(
      (await admin.post('/api/admin/users/import').attach('file', Buffer.from(csv), 'people.csv').expect(200)).body,
    );
    expect(report.added.map(({ row, user }) => [row, user.username, user.firstName])).toEqual([[2, 'imported.one', 'سارة']]);
    expect(report.refused).toEqual([{ row: 3, username: 'admin', reason: 'username: That username is already taken' }]);

    const pdf = await admin.post('/api/admin/users/import').attach('file', Buffer.from('%PDF-1.7 ...'), 'people.csv').expect(400);
    expect(pdf.body.message).toContain('not a CSV file');
    const huge = await admin.post('/api/admin/users/import').attach('file', Buffer.alloc(300 * 1024, 'a'), 'people.csv').expect(413);
    expect(huge.body).toEqual({ statusCode: 413, message: 'File is too large (max 0.3 MB)' });
    const none = await admin.post('/api/admin/users/import').field('note', 'x').expect(400);
    expect(none.body).toEqual({ statusCode: 400, message: 'Please choose a CSV file to import' });
  });
});
