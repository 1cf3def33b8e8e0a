// Masar's NATS refuses strangers: the config in deploy/nats, started as the launcher and the test
// runner start it, checked with real clients.
import { connect, ErrorCode, type NatsConnection, NatsError, StringCodec, type Subscription } from 'nats';
import { natsPasswordVariable, type NatsUser, type OwnNats, startMasarNats } from '../../../deploy/local/own-servers';
import { natsInboxPrefixOf } from './nats-options';

const codec = StringCodec();
let nats: OwnNats;
const open: NatsConnection[] = [];

async function connectAs(user: NatsUser): Promise<NatsConnection> {
  const connection = await connect({
    servers: nats.url,
    user: `svc-${user}`,
    pass: nats.passwords[natsPasswordVariable(user)],
    inboxPrefix: natsInboxPrefixOf(user),
  });
  open.push(connection);
  return connection;
}

/** The first permission error the server reports to a connection, or null after `withinMs`. */
async function nextPermissionError(connection: NatsConnection, withinMs = 1000): Promise<string | null> {
  const statuses = connection.status();
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), withinMs));
  const found = (async () => {
    for await (const status of statuses) {
      if (status.data === ErrorCode.PermissionsViolation) return String(status.data);
    }
    return null;
  })();
  return Promise.race([found, timeout]);
}

/** The error code that ended a subscription the server refused, or what it received instead. */
async function howSubscriptionEnds(subscription: Subscription): Promise<string> {
  try {
    for await (const message of subscription) return `received ${message.subject}`;
    return 'closed';
  } catch (error) {
    return error instanceof NatsError ? error.code : String(error);
  }
}

beforeAll(async () => {
  nats = await startMasarNats();
});

afterAll(async () => {
  await Promise.all(open.map((connection) => connection.close()));
  await nats.dispose();
});

it('refuses a client without credentials, and one with a wrong password', async () => {
  await expect(connect({ servers: nats.url, reconnect: false })).rejects.toMatchObject({ code: ErrorCode.AuthorizationViolation });
  await expect(connect({ servers: nats.url, user: 'svc-gateway', pass: 'guessed', reconnect: false })).rejects.toMatchObject({
    code: ErrorCode.AuthorizationViolation,
  });
});

it('lets the gateway call a service, which answers', async () => {
  const identity = await connectAs('identity');
  identity.subscribe('identity.>', { queue: 'svc-identity', callback: (_error, message) => message.respond(codec.encode('answered')) });
  await identity.flush();
  const gateway = await connectAs('gateway');
  const reply = await gateway.request('identity.user.get', codec.encode('{}'), { timeout: 2000 });
  expect(codec.decode(reply.data)).toBe('answered');
});

it("refuses a service publishing on another service's request subject, and the owner never sees it", async () => {
  const courses = await connectAs('courses');
  const received: string[] = [];
  courses.subscribe('courses.>', { queue: 'svc-courses', callback: (_error, message) => received.push(message.subject) });
  await courses.flush();

  const progress = await connectAs('progress');
  const refused = nextPermissionError(progress);
  progress.publish('courses.courses.delete', codec.encode('{"id":"x"}'));
  await expect(refused).resolves.toBe(ErrorCode.PermissionsViolation);

  // The one call svc-progress may make to svc-courses still goes through.
  const identityCaller = await connectAs('identity');
  const alsoRefused = nextPermissionError(identityCaller);
  identityCaller.publish('jobs.job-descriptions.list', codec.encode('{}'));
  await expect(alsoRefused).resolves.toBe(ErrorCode.PermissionsViolation);

  progress.publish('courses.path-candidates.find', codec.encode('{}'));
  await progress.flush();
  await courses.flush();
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(received).toEqual(['courses.path-candidates.find']);
});

it('lets only the gateway reach the admin-only prompt templates; svc-courses may still ask svc-ai for lessons and fact-checks', async () => {
  const ai = await connectAs('ai');
  const received: string[] = [];
  ai.subscribe('ai.>', { queue: 'svc-ai', callback: (_error, message) => received.push(message.subject) });
  await ai.flush();

  const courses = await connectAs('courses');
  const refused = nextPermissionError(courses);
  courses.publish('ai.prompts.update', codec.encode('{}'));
  await expect(refused).resolves.toBe(ErrorCode.PermissionsViolation);
  courses.publish('ai.lessons.compose', codec.encode('{}'));
  courses.publish('ai.quality.fact-check', codec.encode('{}'));
  await courses.flush();

  const gateway = await connectAs('gateway');
  gateway.publish('ai.prompts.list', codec.encode('{}'));
  await gateway.flush();
  await ai.flush();
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(received.sort()).toEqual(['ai.lessons.compose', 'ai.prompts.list', 'ai.quality.fact-check']);
});

it("refuses a service reading another service's bucket", async () => {
  const gateway = await connectAs('gateway');
  const bucket = await gateway.jetstream().views.os('course-material-uploads');
  await bucket.putBlob({ name: 'outline.txt' }, codec.encode('Module 1: Hazards'));

  const jobs = await connectAs('jobs');
  await expect(
    (async () => (await jobs.jetstream().views.os('course-material-uploads')).getBlob('outline.txt'))(),
  ).rejects.toThrow();
});

it("refuses a service listening for the answers meant for another process", async () => {
  const jobs = await connectAs('jobs');
  await expect(howSubscriptionEnds(jobs.subscribe(`${natsInboxPrefixOf('gateway')}.>`))).resolves.toBe(ErrorCode.PermissionsViolation);
  // The old shared inbox space is closed to every process too.
  const gateway = await connectAs('gateway');
  await expect(howSubscriptionEnds(gateway.subscribe('_INBOX.>'))).resolves.toBe(ErrorCode.PermissionsViolation);
});

it("refuses a service listening on another service's subjects", async () => {
  const jobs = await connectAs('jobs');
  await expect(howSubscriptionEnds(jobs.subscribe('identity.>'))).resolves.toBe(ErrorCode.PermissionsViolation);
});

it.each([
  ['jobs', 'job-description-uploads'],
  ['courses', 'course-material-uploads'],
  ['gateway', 'course-images'],
] as const)('lets %s read back an object the gateway stored in %s', async (reader, bucketName) => {
  const gateway = await connectAs('gateway');
  const stored = await gateway.jetstream().views.os(bucketName);
  await stored.putBlob({ name: 'posting.txt' }, codec.encode('SQL and Python'));

  // Reading an object first asks JetStream which stream holds its chunks ($JS.API.STREAM.NAMES).
  const bucket = await (await connectAs(reader)).jetstream().views.os(bucketName);
  const bytes = await bucket.getBlob('posting.txt');
  expect(bytes && codec.decode(bytes)).toBe('SQL and Python');
  await bucket.delete('posting.txt');
});

it('lets the gateway write and read lesson videos and svc-courses check and delete them; no other service', async () => {
  const key = 'b'.repeat(64);
  const gatewayVideos = await (await connectAs('gateway')).jetstream().views.os('masar-lesson-videos');
  await gatewayVideos.putBlob({ name: key }, codec.encode('mp4 bytes'));
  const coursesVideos = await (await connectAs('courses')).jetstream().views.os('masar-lesson-videos');
  expect((await coursesVideos.info(key))?.size).toBe('mp4 bytes'.length);
  await coursesVideos.delete(key);
  expect(await gatewayVideos.getBlob(key)).toBeNull();

  await expect((async () => (await (await connectAs('ai')).jetstream().views.os('masar-lesson-videos')).getBlob(key))()).rejects.toThrow();
  await expect((async () => (await (await connectAs('jobs')).jetstream().views.os('masar-lesson-videos')).getBlob(key))()).rejects.toThrow();
});

it('lets the gateway write and serve exercise attachments, svc-courses check and read them and svc-ai only read them; no other service', async () => {
  const key = '0d1e2f3a-4b5c-4d6e-9f7a-8b9c0d1e2f3a';
  const gatewayFiles = await (await connectAs('gateway')).jetstream().views.os('masar-exercise-attachments');
  await gatewayFiles.putBlob({ name: key }, codec.encode('my notes'));
  const coursesFiles = await (await connectAs('courses')).jetstream().views.os('masar-exercise-attachments');
  expect((await coursesFiles.info(key))?.size).toBe('my notes'.length);
  const read = await coursesFiles.getBlob(key);
  expect(read && codec.decode(read)).toBe('my notes');

  // svc-ai reads the pictures for a model that looks at images, larger than one NATS message too (chunks through a consumer)...
  const photo = new Uint8Array(3 * 1024 * 1024).fill(7);
  await gatewayFiles.putBlob({ name: 'photo' }, photo);
  const aiFiles = await (await connectAs('ai')).jetstream().views.os('masar-exercise-attachments');
  expect((await aiFiles.info(key))?.size).toBe('my notes'.length);
  const readByAi = await aiFiles.getBlob('photo');
  // Compared as one buffer: a matcher walking three million elements would take many seconds.
  expect(readByAi !== null && Buffer.from(readByAi).equals(photo)).toBe(true);
  // ...and can neither write, replace nor delete one.
  await expect(aiFiles.putBlob({ name: 'planted' }, codec.encode('x'))).rejects.toThrow();
  await expect(aiFiles.putBlob({ name: key }, codec.encode('changed'))).rejects.toThrow();
  await expect(aiFiles.delete(key)).rejects.toThrow();
  expect(await gatewayFiles.info('planted')).toBeNull();
  const kept = await gatewayFiles.getBlob(key);
  expect(kept && codec.decode(kept)).toBe('my notes');

  await expect((async () => (await (await connectAs('progress')).jetstream().views.os('masar-exercise-attachments')).getBlob(key))()).rejects.toThrow();
  await expect((async () => (await (await connectAs('jobs')).jetstream().views.os('masar-exercise-attachments')).getBlob(key))()).rejects.toThrow();
  await gatewayFiles.delete(key);
  await gatewayFiles.delete('photo');
});

it('lets svc-courses ask svc-ai for feedback on exercise work, in its own request-reply', async () => {
  const ai = await connectAs('ai');
  // Its own subscription, outside the queue group an earlier test left listening on ai.>.
  ai.subscribe('ai.exercise-feedback.generate', { callback: (_error, message) => message.respond(codec.encode('feedback')) });
  await ai.flush();
  const reply = await (await connectAs('courses')).request('ai.exercise-feedback.generate', codec.encode('{}'), { timeout: 2000 });
  expect(codec.decode(reply.data)).toBe('feedback');
});

it('lets svc-ai keep narrations in its bucket for the gateway to read, and nowhere else', async () => {
  const ai = await connectAs('ai');
  const narrations = await ai.jetstream().views.os('masar-narration');
  await narrations.putBlob({ name: 'a'.repeat(64) }, codec.encode('mp3 bytes'));
  const read = await (await (await connectAs('gateway')).jetstream().views.os('masar-narration')).getBlob('a'.repeat(64));
  expect(read && codec.decode(read)).toBe('mp3 bytes');
  await narrations.delete('a'.repeat(64));

  await expect((async () => (await ai.jetstream().views.os('course-images')).putBlob({ name: 'x' }, codec.encode('x')))()).rejects.toThrow();
  await expect((async () => (await (await connectAs('jobs')).jetstream().views.os('masar-narration')).getBlob('a'.repeat(64)))()).rejects.toThrow();
});
