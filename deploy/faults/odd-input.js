#!/usr/bin/env node
// `npm run test:odd-input`: odd input sent to every operation of the gateway's OpenAPI document, as
// the demo learner and as the admin, on a platform of its own (a fresh masar_odd_input database, its
// own NATS; Redis and PostgreSQL of the machine). Nothing a client sends may earn a 5xx: path ids that
// are not ids, NUL characters, text blank to the eye, lone surrogates, right-to-left overrides, huge
// and fractional numbers, very long text and arrays, repeated query parameters, bodies that are not
// JSON or not what their Content-Encoding says, broken multipart. First, while the platform is as
// started, a second learner calls every operation that takes an id with the ids of what the demo
// learner and the admin made (probeOwnership): nothing of theirs may be read or changed. Prints one row
// per kind of answer, every 5xx and every reach into another's things, and exits 1 if there is one.
// Needs a build (npm run build). BASE_URL=<a running platform> probes that one instead: it writes
// junk into its database, so never point it at one that matters.
'use strict';
const { randomUUID } = require('node:crypto');
const { signIn } = require('../local/api-sign-in');
const { startPlatform, dropDatabase } = require('../local/platform');
const { printTable } = require('../bench/bench-table');

const DATABASE_URL = process.env.ODD_INPUT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/masar_odd_input';
const PORT = process.env.ODD_INPUT_PORT ?? '18310';
/** Routes that end or replace the session, or start a sign-in elsewhere: probing them says nothing about input. */
const SKIPPED = /\/auth\/logout|demo-login|\/sso\/|saml|oidc|lti\/(launch|login)|change-password/;

/** Who the probes sign in as: the demo learner and the admin of `npm start`, or those the environment names. */
const PEOPLE = {
  learner: { username: process.env.DEMO_USERNAME ?? 'demo', password: process.env.DEMO_PASSWORD ?? 'demo123' },
  admin: { username: process.env.ADMIN_USERNAME ?? 'admin', password: process.env.ADMIN_PASSWORD ?? 'admin123' },
};

/** A path template's parameters, `{id}`, `{lessonId}`... */
const PATH_PARAMETERS = /\{[^}]+\}/g;
const hasPathParameters = (template) => template.search(PATH_PARAMETERS) !== -1;
const withPathParameters = (template, value) => template.replace(PATH_PARAMETERS, value);

/** Each of PEOPLE's session cookie, by role. */
async function signInEveryone(baseUrl) {
  const cookies = {};
  for (const [role, { username, password }] of Object.entries(PEOPLE)) cookies[role] = await signIn(baseUrl, username, password);
  return cookies;
}

const BLANK_TO_THE_EYE = '\u200b\u200c\u2060';
const ODD_TEXT = [
  '',
  '   ',
  BLANK_TO_THE_EYE,
  '\ud800',
  '\u0000',
  'x'.repeat(20_000),
  '%',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '\u202eevil\u202c \u0301😀 ﻻ',
  'ﷺ'.repeat(100),
  '١٢٣',
  '-1',
  '1e309',
  'NaN',
  '{}',
];
const ODD_QUERY_NUMBERS = ['1e20', '0', '-0', '99999999999999999999', '2.5'];
const ODD_NUMBERS = [1e308, -1, 0.5, 2 ** 53 + 1, 0];
const ODD_PATH_VALUES = [
  'abc',
  '00000000-0000-0000-0000-000000000000',
  randomUUID(),
  '%00',
  '%E0%A4%A',
  'x'.repeat(3000),
  '-1',
  '1e999',
  '..%2f..%2fetc',
  encodeURIComponent(BLANK_TO_THE_EYE),
];
const RAW_BODIES = ['{', '[]', 'null', '"x"', '1', '{"__proto__":{"role":"admin"}}', Buffer.from('{"a":"\xff\xfe"}', 'latin1')];
const MULTIPART_BODIES = [
  '--odd\r\nContent-Disposition: form-data; name="file"; filename="notes.pdf"\r\n\r\nnot a pdf\r\n--odd--\r\n',
  '--odd\r\nContent-Disposition: form-data; name="file"; filename="hand\u0000book.pdf"\r\n\r\n%PDF-1.4\r\n--odd--\r\n',
  '--odd\r\nbroken',
];

/** A query value as sent: a lone surrogate cannot be URI-encoded, so its UTF-8 bytes (invalid) go as they are. */
function queryValue(text) {
  return text === '\ud800' ? '%ED%A0%80' : encodeURIComponent(text);
}

function resolve(schema, doc) {
  return schema?.$ref ? doc.components.schemas[schema.$ref.split('/').pop()] : schema;
}

/** A body in the operation's shape whose every leaf is `text` (or `number`, `true`, an enum's first value, a fresh UUID). */
function shapedBody(schema, doc, { text, number = 5, arrayLength = 2 }, depth = 0) {
  schema = resolve(schema, doc);
  if (!schema || depth > 6) return text;
  const choices = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (choices) return shapedBody(choices[0], doc, { text, number, arrayLength }, depth + 1);
  if (schema.enum) return schema.enum[0];
  if (schema.type === 'object' || schema.properties) {
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, shapedBody(value, doc, { text, number, arrayLength }, depth + 1)]));
  }
  if (schema.type === 'array') {
    const inner = { text, number, arrayLength: Math.min(arrayLength, 2) };
    return Array.from({ length: arrayLength }, () => shapedBody(schema.items, doc, inner, depth + 1));
  }
  if (schema.type === 'integer' || schema.type === 'number') return number;
  if (schema.type === 'boolean') return true;
  if (schema.format === 'uuid') return randomUUID();
  return text;
}

/** Every request sent to one operation: its path filled with odd ids, odd query values, odd bodies. */
function requestsFor(path, method, operation, doc) {
  const requests = [];
  const takesIds = hasPathParameters(path);
  const withIds = takesIds ? withPathParameters(path, randomUUID()) : path;
  for (const value of takesIds ? ODD_PATH_VALUES : ['']) requests.push({ path: takesIds ? withPathParameters(path, value) : path });
  const queryNames = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
  for (const name of queryNames) {
    for (const text of [...ODD_TEXT, ...ODD_QUERY_NUMBERS]) requests.push({ path: `${withIds}?${name}=${queryValue(text)}` });
  }
  if (queryNames.length > 0) requests.push({ path: `${withIds}?${queryNames.map((name) => `${name}=a&${name}=b`).join('&')}` });
  if (!['post', 'put', 'patch'].includes(method)) return requests;
  requests.push({ path: withIds });
  for (const body of RAW_BODIES) requests.push({ path: withIds, body, type: 'application/json' });
  requests.push({ path: withIds, body: 'plain words', type: 'text/plain' });
  for (const encoding of ['gzip', 'br']) requests.push({ path: withIds, body: '{"a":1}', type: 'application/json', encoding });
  for (const body of MULTIPART_BODIES) requests.push({ path: withIds, body, type: 'multipart/form-data; boundary=odd' });
  const schema = resolve(operation.requestBody?.content?.['application/json']?.schema, doc);
  if (schema) {
    const json = (value) => ({ path: withIds, body: JSON.stringify(value), type: 'application/json' });
    for (const text of [...ODD_TEXT, 123, null, true, [], {}]) requests.push(json(shapedBody(schema, doc, { text })));
    for (const number of ODD_NUMBERS) requests.push(json(shapedBody(schema, doc, { text: 'text', number })));
    requests.push(json(shapedBody(schema, doc, { text: 'text', arrayLength: 60_000 })));
  }
  return requests;
}

async function probe(baseUrl, document, cookies) {
  const answers = new Map();
  const serverErrors = [];
  let operations = 0;
  for (const [path, methods] of Object.entries(document.paths)) {
    if (SKIPPED.test(path)) continue;
    for (const [method, operation] of Object.entries(methods)) {
      operations += 1;
      for (const role of Object.keys(PEOPLE)) {
        for (const sent of requestsFor(path, method, operation, document)) {
          const headers = {
            cookie: cookies[role],
            origin: baseUrl,
            ...(sent.type ? { 'content-type': sent.type } : {}),
            // A body that is not what its Content-Encoding says.
            ...(sent.encoding ? { 'content-encoding': sent.encoding } : {}),
          };
          let status;
          let text = '';
          try {
            const response = await fetch(`${baseUrl}${sent.path}`, { method: method.toUpperCase(), headers, body: sent.body });
            status = response.status;
            text = await response.text();
          } catch (error) {
            status = `no answer (${error.cause?.code ?? error.message})`;
          }
          const kind = typeof status === 'number' ? `${String(status)[0]}xx` : 'no answer';
          answers.set(kind, (answers.get(kind) ?? 0) + 1);
          if (kind === '5xx' || kind === 'no answer') {
            const body = typeof sent.body === 'string' ? ` ${sent.body.slice(0, 60)}` : sent.body ? ' <bytes>' : '';
            serverErrors.push(`${status} as ${role}: ${method.toUpperCase()} ${sent.path.slice(0, 120)}${body} -> ${text.slice(0, 160)}`);
          }
          // A refusal may have ended the session (it should not): sign in again so the probe goes on.
          if (status === 401 && (await fetch(`${baseUrl}/api/auth/user`, { headers: { cookie: cookies[role] } })).status === 401) {
            serverErrors.push(`the ${role}'s session ended after ${method.toUpperCase()} ${sent.path.slice(0, 120)}`);
            cookies[role] = await signIn(baseUrl, PEOPLE[role].username, PEOPLE[role].password);
          }
        }
      }
    }
  }
  return { operations, answers, serverErrors };
}

/** An API call as `cookie`, answering its status and parsed body (or text). */
async function call(baseUrl, cookie, method, path, body) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { cookie, origin: baseUrl, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text), text };
  } catch {
    return { status: response.status, body: text, text };
  }
}

/**
 * What one learner makes is theirs alone: the demo learner writes a job description and a learning
 * path, the admin starts a course import; a second learner then calls every operation that takes an
 * id with each of those ids in every place, and every list with them as owner or user. Any 2xx to
 * an id, or a list naming one, is a failure.
 */
async function probeOwnership(baseUrl, document, cookies) {
  const failures = [];
  const stamp = Date.now().toString(36);
  const other = { username: `odd_input_${stamp}`, password: `Odd-input-${stamp}-9!` };
  const created = await call(baseUrl, cookies.admin, 'POST', '/api/admin/users', {
    ...other,
    firstName: 'Other',
    lastName: 'Learner',
    email: `${other.username}@example.com`,
    role: 'learner',
  });
  if (created.status !== 201) throw new Error(`creating a second learner: ${created.status} ${created.text.slice(0, 200)}`);
  const otherCookie = await signIn(baseUrl, other.username, other.password);
  const demo = (await call(baseUrl, cookies.learner, 'GET', '/api/auth/user')).body;
  // A platform in use may ask for the AI-use notice again: the learner accepts the one in force before using AI.
  const notice = (await call(baseUrl, cookies.learner, 'GET', '/api/ai-governance/me')).body.notice;
  if (notice) await call(baseUrl, cookies.learner, 'POST', '/api/ai-governance/notice/accept', { version: notice.version });
  const posting = await call(baseUrl, cookies.learner, 'POST', '/api/job-descriptions/text', {
    title: 'Data analyst',
    content: 'We need a data analyst skilled in SQL, Excel pivot tables and Power BI dashboards, with stakeholder communication.',
  });
  if (posting.status !== 201) throw new Error(`the demo learner's job description: ${posting.status} ${posting.text.slice(0, 200)}`);
  const jobDescription = posting.body.jobDescription;
  const path = await call(baseUrl, cookies.learner, 'POST', '/api/learning-paths/generate', {
    jobDescriptionId: jobDescription.id,
    jobTitle: jobDescription.title,
    confirmedSkills: jobDescription.extractedSkills.slice(0, 3),
  });
  const form = new FormData();
  const courseFile = {
    title: 'Safety walk',
    description: 'Walking the floor to find hazards.',
    modules: [{ title: 'The walk', lessons: [{ title: 'Noting hazards', content: 'Walk the floor and note each hazard you see.' }] }],
  };
  form.append('file', new Blob([JSON.stringify(courseFile)], { type: 'application/json' }), 'safety-walk.json');
  const task = await (await fetch(`${baseUrl}/api/courses/upload`, { method: 'POST', headers: { cookie: cookies.admin, origin: baseUrl }, body: form })).json();
  const owned = [
    { what: "the demo learner's job description", id: jobDescription?.id, reply: posting.text },
    { what: "the demo learner's learning path", id: path.body?.learningPath?.id, reply: path.text },
    { what: "the admin's course import", id: task?.task?.id, reply: JSON.stringify(task) },
  ];
  for (const { what, id, reply } of owned) if (!id) throw new Error(`could not make ${what} to probe with: ${reply.slice(0, 300)}`);
  // What only the owners' things hold: the demo learner's id, the posting's text, the imported course's title.
  const revealsOwner = (text) => [demo.id, jobDescription.content, courseFile.title].some((mark) => text.includes(mark));
  let sent = 0;
  for (const [template, methods] of Object.entries(document.paths)) {
    if (SKIPPED.test(template)) continue;
    for (const [method, operation] of Object.entries(methods)) {
      const schema = resolve(operation.requestBody?.content?.['application/json']?.schema, document);
      const body = schema ? shapedBody(schema, document, { text: 'text' }) : undefined;
      if (hasPathParameters(template)) {
        for (const { what, id } of owned) {
          const answer = await call(baseUrl, otherCookie, method.toUpperCase(), withPathParameters(template, id), body);
          sent += 1;
          // A read may answer the reader's own, empty state for any id (their progress in a course they never
          // opened); it must not show the owner's. A change must be refused.
          const reached = method === 'get' ? answer.status < 300 && revealsOwner(answer.text) : answer.status < 300;
          if (reached) failures.push(`another learner got ${answer.status} to ${method.toUpperCase()} ${template} with ${what}'s id`);
        }
      } else if (method === 'get') {
        const answer = await call(baseUrl, otherCookie, 'GET', `${template}?ownerId=${demo.id}&userId=${demo.id}&learnerId=${demo.id}`);
        sent += 1;
        for (const { what, id } of owned) if (answer.text.includes(id)) failures.push(`another learner's GET ${template} named ${what}`);
        if (answer.status < 300 && revealsOwner(answer.text)) failures.push(`another learner's GET ${template} showed the demo learner's or the admin's things`);
      }
    }
  }
  return { sent, failures };
}

async function main() {
  let platform;
  let baseUrl = process.env.BASE_URL?.replace(/\/$/, '');
  if (!baseUrl) {
    console.log(`starting the platform on port ${PORT} against a fresh masar_odd_input ...`);
    const stamp = `${process.pid}:${Date.now()}`;
    platform = await startPlatform({
      recreateDatabase: true,
      log: () => undefined,
      env: {
        PORT,
        DATABASE_URL,
        // Its own NATS, and its own keys in the shared Redis: the odd sign-ins it sends count against
        // 127.0.0.1, and another platform's sign-ins from there must not be locked out by them.
        NATS_URL: '',
        SESSION_KEY_PREFIX: `masar:odd-input:${stamp}:sess:`,
        LOGIN_RATE_LIMIT_KEY_PREFIX: `masar:odd-input:${stamp}:login:`,
        LOG_LEVEL: 'warn',
      },
    });
    baseUrl = platform.baseUrl;
  }
  try {
    const document = await (await fetch(`${baseUrl}/api/docs-json`)).json();
    const cookies = await signInEveryone(baseUrl);
    // Ownership first, while the platform is as started: the odd input then rewrites its AI settings.
    const ownership = await probeOwnership(baseUrl, document, cookies);
    const startedAt = Date.now();
    const { operations, answers, serverErrors } = await probe(baseUrl, document, cookies);
    const sent = [...answers.values()].reduce((sum, count) => sum + count, 0);
    console.log(`\n${sent} requests to ${operations} operations, as the learner and the admin, in ${((Date.now() - startedAt) / 1000).toFixed(0)} s\n`);
    printTable(
      ['answer', 'requests'],
      [...answers].sort(([first], [second]) => first.localeCompare(second)).map(([kind, count]) => [kind, String(count)]),
    );
    console.log(`\nownership: ${ownership.sent} calls by another learner with the ids of what the demo learner and the admin made`);
    if (ownership.failures.length > 0) {
      console.log(`${ownership.failures.length} reached what is not theirs:`);
      for (const line of ownership.failures) console.log(`  ${line}`);
      process.exitCode = 1;
    }
    if (serverErrors.length > 0) {
      console.log(`\n${serverErrors.length} answers a client's input should never get:`);
      for (const line of serverErrors) console.log(`  ${line}`);
      process.exitCode = 1;
    } else {
      console.log(`\nno 5xx and no session lost: every odd input was answered as the client's mistake or served`);
    }
  } finally {
    if (platform) {
      await platform.stop();
      await dropDatabase(DATABASE_URL).catch(() => undefined);
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
