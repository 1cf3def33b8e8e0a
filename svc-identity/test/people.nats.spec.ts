import {
  Caller,
  IDENTITY_SUBJECTS,
  resetPasswordReplySchema,
  User,
  userListSchema,
  userReplySchema,
} from '@masar/contracts';
import { INestMicroservice } from '@nestjs/common';
import { NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { bootstrap } from '../src/main';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, NestReply, requestOverNats } from '@masar/contracts/service-kit/testing';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

/**
 * People management over NATS against the real service, Postgres and NATS: admins add, list,
 * deactivate, promote and reset people; everyone changes their own password; and each rule holds
 * against a caller who tries to get around it.
 */
describe('svc-identity people management (real Postgres and NATS)', () => {
  let database: FreshDatabase;
  let service: INestMicroservice;
  let nats: NatsConnection;
  let admin: Caller;
  let sequence = 0;

  beforeAll(async () => {
    database = await createFreshDatabase('identity_people');
    service = await bootstrap({ DATABASE_URL: database.url, NATS_URL, LOG_LEVEL: 'silent' });
    nats = await connectToNatsAs('gateway');
    const signedIn = await send(IDENTITY_SUBJECTS.VERIFY_CREDENTIALS, { username: 'admin', password: 'admin123' });
    admin = { id: userReplySchema.parse(signedIn.response).user.id, role: 'admin' };
  });

  afterAll(async () => {
    await nats?.drain();
    await service?.close();
    await database?.drop();
  });

  function send(subject: string, data: unknown, caller?: Caller): Promise<NestReply> {
    return requestOverNats(nats, subject, data, randomUUID(), caller);
  }

  async function userCount(): Promise<number> {
    const [{ count }] = await service.get(DataSource).query(`SELECT count(*)::int AS count FROM identity.users`);
    return count as number;
  }

  function newPerson(overrides: Record<string, unknown> = {}) {
    sequence += 1;
    return {
      username: `learner${sequence}`,
      password: 'a fine long passphrase',
      firstName: 'Layla',
      lastName: 'Haddad',
      email: `learner${sequence}@masar.test`,
      role: 'learner',
      preferredLanguage: 'en',
      ...overrides,
    };
  }

  async function create(overrides: Record<string, unknown> = {}): Promise<{ user: User; password: string }> {
    const person = newPerson(overrides);
    const reply = await send(IDENTITY_SUBJECTS.CREATE_USER, person, admin);
    expect(reply.err).toBeUndefined();
    return { user: userReplySchema.parse(reply.response).user, password: person.password };
  }

  async function signIn(username: string, password: string): Promise<NestReply> {
    return send(IDENTITY_SUBJECTS.VERIFY_CREDENTIALS, { username, password });
  }

  describe('adding a person', () => {
    it('adds a learner who can then sign in; the reply never carries the password or its hash', async () => {
      const person = newPerson({ firstName: 'ليلى', lastName: 'الحداد', preferredLanguage: 'ar' });
      const reply = await send(IDENTITY_SUBJECTS.CREATE_USER, person, admin);
      const user = userReplySchema.strict().parse(reply.response).user;
      expect(user).toMatchObject({
        username: person.username,
        firstName: 'ليلى',
        role: 'learner',
        preferredLanguage: 'ar',
        active: true,
        mustChangePassword: false,
      });
      expect(JSON.stringify(reply)).not.toMatch(/argon2|passphrase/);
      expect(userReplySchema.parse((await signIn(person.username, person.password)).response).user.id).toBe(user.id);
    });

    it('answers 409 for a taken username in any case, padding or look-alike compatibility form', async () => {
      const { user } = await create({ username: 'Omar.Khalil' });
      expect(user.username).toBe('omar.khalil');
      const before = await userCount();
      for (const username of ['omar.khalil', 'OMAR.KHALIL', '  Omar.Khalil ', 'ｏｍａｒ.ｋｈａｌｉｌ', 'admin', 'Admin']) {
        const reply = await send(IDENTITY_SUBJECTS.CREATE_USER, newPerson({ username }), admin);
        expect(reply.err).toEqual({ statusCode: 409, message: 'That username is already taken' });
      }
      expect(await userCount()).toBe(before);
    });

    it.each([
      ['blank', '   ', 'username: This field is required'],
      ['only zero-width spaces', '\u200B\u200B\u200B\u200B', 'username: Usernames cannot contain spaces or invisible characters'],
      ['a hidden zero-width joiner', 'ad\u200Dmin', 'username: Usernames cannot contain spaces or invisible characters'],
      ['a right-to-left override', 'nimda\u202E', 'username: Usernames cannot contain spaces or invisible characters'],
      ['an unpaired surrogate', 'omar\uD800', 'username: Usernames cannot contain spaces or invisible characters'],
      ['a Cyrillic look-alike of admin', 'аdmin', 'username: Use only English or Arabic letters, digits, dots, hyphens and underscores'],
      ['Latin and Arabic mixed', 'omarعمر', 'username: Use either English or Arabic letters, not both'],
      ['too long', 'o'.repeat(65), 'username: Use 3 to 64 characters'],
      ['far too long', 'o'.repeat(100_000), 'username: Too long'],
    ])('refuses a username with %s (400), adding nobody', async (_case, username, message) => {
      const before = await userCount();
      const reply = await send(IDENTITY_SUBJECTS.CREATE_USER, newPerson({ username }), admin);
      expect(reply.err).toEqual({ statusCode: 400, message });
      expect(await userCount()).toBe(before);
    });

    it('accepts an Arabic username', async () => {
      const { user } = await create({ username: 'عمر_خليل' });
      expect(user.username).toBe('عمر_خليل');
    });

    it.each([
      ['shorter than 12 characters', 'short pass', 'password: Use at least 12 characters'],
      ['longer than 128 characters', 'p'.repeat(129), 'password: Use at most 128 characters'],
      ['on the common-password list', 'Password1234', 'password: This password is too common: choose one that is harder to guess'],
      ['one character repeated', 'zzzzzzzzzzzzzz', 'password: Do not repeat one character: choose a longer phrase'],
    ])('refuses a password %s', async (_case, password, message) => {
      const reply = await send(IDENTITY_SUBJECTS.CREATE_USER, newPerson({ password }), admin);
      expect(reply.err).toEqual({ statusCode: 400, message });
    });

    it('refuses a password that contains the username', async () => {
      const reply = await send(IDENTITY_SUBJECTS.CREATE_USER, newPerson({ username: 'nadia', password: 'my name is Nadia!' }), admin);
      expect(reply.err).toEqual({ statusCode: 400, message: 'password: The password must not contain the username' });
    });

    it('takes any characters in a password, spaces and Arabic included', async () => {
      const { user, password } = await create({ password: ' كلمة سر طويلة 🔑 ' });
      expect((await signIn(user.username, password)).err).toBeUndefined();
      expect((await signIn(user.username, password.trim())).err).toMatchObject({ statusCode: 401 });
    });

    it('refuses fields an admin may not set this way, a learner caller, and a message naming nobody', async () => {
      const before = await userCount();
      expect((await send(IDENTITY_SUBJECTS.CREATE_USER, newPerson({ active: false }), admin)).err).toMatchObject({ statusCode: 400 });
      const learner = { id: randomUUID(), role: 'learner' as const };
      expect((await send(IDENTITY_SUBJECTS.CREATE_USER, newPerson({ role: 'admin' }), learner)).err).toEqual({
        statusCode: 403,
        message: 'You do not have permission to do this',
      });
      expect((await send(IDENTITY_SUBJECTS.CREATE_USER, newPerson())).err).toMatchObject({ statusCode: 401 });
      expect(await userCount()).toBe(before);
    });
  });

  describe('listing people', () => {
    it('searches names, usernames and emails, filters role and status, and pages', async () => {
      const { user } = await create({ firstName: 'Zainab', lastName: 'Qasim_100%' });
      const bySearch = userListSchema.parse((await send(IDENTITY_SUBJECTS.LIST_USERS, { search: 'zainab qasim' }, admin)).response);
      expect(bySearch.items.map((item) => item.id)).toEqual([user.id]);
      const wildcard = userListSchema.parse((await send(IDENTITY_SUBJECTS.LIST_USERS, { search: '_100%' }, admin)).response);
      expect(wildcard.items.map((item) => item.id)).toEqual([user.id]);
      const admins = userListSchema.parse((await send(IDENTITY_SUBJECTS.LIST_USERS, { role: 'admin' }, admin)).response);
      expect(admins.items.every((item) => item.role === 'admin')).toBe(true);
      const page = userListSchema.parse((await send(IDENTITY_SUBJECTS.LIST_USERS, { page: 2, pageSize: 2 }, admin)).response);
      expect(page).toMatchObject({ page: 2, pageSize: 2 });
      expect(page.items).toHaveLength(2);
      expect(page.total).toBe(await userCount());
      expect((await send(IDENTITY_SUBJECTS.LIST_USERS, {}, { id: user.id, role: 'learner' })).err).toMatchObject({ statusCode: 403 });
    });
  });

  describe('deactivating, reactivating and changing roles', () => {
    it('a deactivated person cannot sign in (the same answer as a wrong password), and can again once reactivated', async () => {
      const { user, password } = await create();
      const deactivated = await send(IDENTITY_SUBJECTS.UPDATE_USER, { id: user.id, changes: { active: false } }, admin);
      expect(userReplySchema.parse(deactivated.response).user.active).toBe(false);
      expect((await signIn(user.username, password)).err).toEqual({ statusCode: 401, message: 'Invalid username or password' });
      // The gateway's session guard reads this on every request and ends the session.
      expect(userReplySchema.parse((await send(IDENTITY_SUBJECTS.GET_USER, { id: user.id })).response).user.active).toBe(false);
      const inactive = userListSchema.parse((await send(IDENTITY_SUBJECTS.LIST_USERS, { status: 'inactive' }, admin)).response);
      expect(inactive.items.map((item) => item.id)).toContain(user.id);

      await send(IDENTITY_SUBJECTS.UPDATE_USER, { id: user.id, changes: { active: true } }, admin);
      expect((await signIn(user.username, password)).err).toBeUndefined();
    });

    it('changes a role, and a promoted admin can then manage people', async () => {
      const { user } = await create();
      const promoted = await send(IDENTITY_SUBJECTS.UPDATE_USER, { id: user.id, changes: { role: 'admin' } }, admin);
      expect(userReplySchema.parse(promoted.response).user.role).toBe('admin');
      const listed = await send(IDENTITY_SUBJECTS.LIST_USERS, {}, { id: user.id, role: 'admin' });
      expect(listed.err).toBeUndefined();
      await send(IDENTITY_SUBJECTS.UPDATE_USER, { id: user.id, changes: { role: 'learner' } }, admin);
    });

    it('an admin cannot deactivate, demote or reset themselves', async () => {
      for (const changes of [{ active: false }, { role: 'learner' }]) {
        const reply = await send(IDENTITY_SUBJECTS.UPDATE_USER, { id: admin.id, changes }, admin);
        expect(reply.err).toEqual({ statusCode: 403, message: 'You cannot change your own role or deactivate your own account' });
      }
      expect((await send(IDENTITY_SUBJECTS.RESET_PASSWORD, { id: admin.id }, admin)).err).toMatchObject({ statusCode: 403 });
      expect((await signIn('admin', 'admin123')).err).toBeUndefined();
    });

    it('never leaves no active admin, even when the caller is not the one being changed', async () => {
      const { user: second } = await create({ role: 'admin' });
      const secondCaller: Caller = { id: second.id, role: 'admin' };
      // The second admin deactivates the first: allowed, one active admin is left.
      expect((await send(IDENTITY_SUBJECTS.UPDATE_USER, { id: admin.id, changes: { active: false } }, secondCaller)).err).toBeUndefined();
      // Someone claiming to be an admin without an account tries to remove the last one.
      const stranger: Caller = { id: randomUUID(), role: 'admin' };
      const reply = await send(IDENTITY_SUBJECTS.UPDATE_USER, { id: second.id, changes: { role: 'learner' } }, stranger);
      expect(reply.err).toEqual({ statusCode: 409, message: 'At least one active admin must remain' });
      await send(IDENTITY_SUBJECTS.UPDATE_USER, { id: admin.id, changes: { active: true } }, secondCaller);
      await send(IDENTITY_SUBJECTS.UPDATE_USER, { id: second.id, changes: { active: false } }, admin);
    });

    it('answers 404 for an unknown person and 403 for a learner caller', async () => {
      const missing = await send(IDENTITY_SUBJECTS.UPDATE_USER, { id: randomUUID(), changes: { active: false } }, admin);
      expect(missing.err).toEqual({ statusCode: 404, message: 'User not found' });
      const { user } = await create();
      const learner: Caller = { id: user.id, role: 'learner' };
      expect((await send(IDENTITY_SUBJECTS.UPDATE_USER, { id: admin.id, changes: { active: false } }, learner)).err).toMatchObject({
        statusCode: 403,
      });
      expect((await signIn('admin', 'admin123')).err).toBeUndefined();
    });
  });

  describe('passwords', () => {
    it('a reset generates a password shown once; the old one stops working and the person must change it', async () => {
      const { user, password } = await create();
      const reset = resetPasswordReplySchema.parse((await send(IDENTITY_SUBJECTS.RESET_PASSWORD, { id: user.id }, admin)).response);
      expect(reset.user.mustChangePassword).toBe(true);
      expect(reset.temporaryPassword).toMatch(/^[\w]{5}(-[\w]{5}){3}$/);
      expect((await signIn(user.username, password)).err).toMatchObject({ statusCode: 401 });
      const signedIn = userReplySchema.parse((await signIn(user.username, reset.temporaryPassword ?? '')).response).user;
      expect(signedIn.mustChangePassword).toBe(true);

      const changed = await send(
        IDENTITY_SUBJECTS.CHANGE_PASSWORD,
        { currentPassword: reset.temporaryPassword, newPassword: 'my own new passphrase' },
        { id: user.id, role: 'learner' },
      );
      expect(userReplySchema.parse(changed.response).user.mustChangePassword).toBe(false);
      expect((await signIn(user.username, 'my own new passphrase')).err).toBeUndefined();
    });

    it('a reset to a password the admin chose does not echo it back', async () => {
      const { user } = await create();
      const reply = await send(IDENTITY_SUBJECTS.RESET_PASSWORD, { id: user.id, password: 'chosen by the admin' }, admin);
      expect(resetPasswordReplySchema.strict().parse(reply.response)).toEqual({ user: expect.objectContaining({ mustChangePassword: true }) });
      expect((await signIn(user.username, 'chosen by the admin')).err).toBeUndefined();
    });

    it('changing one’s own password needs the current one and the new-password rules', async () => {
      const { user, password } = await create({ username: 'rania' });
      const me: Caller = { id: user.id, role: 'learner' };
      const change = (currentPassword: string, newPassword: string) =>
        send(IDENTITY_SUBJECTS.CHANGE_PASSWORD, { currentPassword, newPassword }, me);
      expect((await change('not my password', 'a new long passphrase')).err).toEqual({
        statusCode: 400,
        message: 'currentPassword: Your current password is not correct',
      });
      expect((await change(password, 'too short')).err).toEqual({ statusCode: 400, message: 'newPassword: Use at least 12 characters' });
      expect((await change(password, 'qwerty123456')).err).toMatchObject({ statusCode: 400, message: expect.stringContaining('too common') });
      expect((await change(password, 'RANIA rania rania')).err).toMatchObject({ message: 'newPassword: The password must not contain the username' });
      expect((await change(password, password)).err).toEqual({
        statusCode: 400,
        message: 'newPassword: Choose a password different from your current one',
      });
      expect((await send(IDENTITY_SUBJECTS.CHANGE_PASSWORD, { currentPassword: password, newPassword: 'a new long passphrase' })).err).toMatchObject({
        statusCode: 401,
      });
      expect((await signIn(user.username, password)).err).toBeUndefined();

      expect((await change(password, 'a new long passphrase')).err).toBeUndefined();
      expect((await signIn(user.username, password)).err).toMatchObject({ statusCode: 401 });
      expect((await signIn(user.username, 'a new long passphrase')).err).toBeUndefined();
    });

    it('the configured short passwords still sign in', async () => {
      expect((await signIn('demo', 'demo123')).err).toBeUndefined();
      expect((await signIn('admin', 'admin123')).err).toBeUndefined();
    });
  });
});
