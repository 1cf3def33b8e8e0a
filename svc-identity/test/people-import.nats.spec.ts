import { Caller, IDENTITY_SUBJECTS, importUsersReplySchema, ImportUsersReply, userReplySchema } from '@masar/contracts';
import { INestMicroservice } from '@nestjs/common';
import { NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { bootstrap } from '../src/main';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, NestReply, requestOverNats } from '@masar/contracts/service-kit/testing';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const HEADER = 'username,firstName,lastName,email,role,preferredLanguage,password';

/** CSV import of people over NATS, against the real service, Postgres and NATS. */
describe('svc-identity people import (real Postgres and NATS)', () => {
  let database: FreshDatabase;
  let service: INestMicroservice;
  let nats: NatsConnection;
  let admin: Caller;

  beforeAll(async () => {
    database = await createFreshDatabase('identity_import');
    service = await bootstrap({ DATABASE_URL: database.url, NATS_URL, LOG_LEVEL: 'silent' });
    nats = await connectToNatsAs('gateway');
    const signedIn = await requestOverNats(nats, IDENTITY_SUBJECTS.VERIFY_CREDENTIALS, { username: 'admin', password: 'admin123' });
    admin = { id: userReplySchema.parse(signedIn.response).user.id, role: 'admin' };
  });

  afterAll(async () => {
    await nats?.drain();
    await service?.close();
    await database?.drop();
  });

  /** `caller` null sends a message that names nobody. */
  function importFile(content: string | Buffer, caller: Caller | null = admin): Promise<NestReply> {
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    return requestOverNats(
      nats,
      IDENTITY_SUBJECTS.IMPORT_USERS,
      { fileName: 'people.csv', contentBase64: bytes.toString('base64') },
      randomUUID(),
      caller ?? undefined,
    );
  }

  async function reportOf(content: string | Buffer): Promise<ImportUsersReply> {
    const reply = await importFile(content);
    expect(reply.err).toBeUndefined();
    return importUsersReplySchema.parse(reply.response);
  }

  async function usernames(): Promise<string[]> {
    const rows: { username: string }[] = await service.get(DataSource).query(`SELECT username FROM identity.users ORDER BY username`);
    return rows.map((row) => row.username);
  }

  it('imports a spreadsheet export: BOM, CRLF, quoted fields, Arabic names, generated passwords', async () => {
    const file =
      '\uFEFF' +
      [
        'Username,First Name,Last Name,Email,Role,Preferred Language,Password',
        'hala.saleh,هالة,صالح,hala@masar.test,learner,ar,',
        '"karim.nasser","Karim ""KN""","Nasser, Jr.",karim@masar.test,Admin,EN,a chosen passphrase',
        'mona.aziz,"Mona',
        'Line",Aziz,mona@masar.test,,,',
        ',,,,,,',
        'omar.farouk,Omar,Farouk,omar@masar.test,,,',
        '',
      ].join('\r\n');
    const report = await reportOf(file);
    // A line break inside quotes stays in its field (and a name may not hold one); rows count as a spreadsheet shows them.
    expect(report.refused).toEqual([{ row: 4, username: 'mona.aziz', reason: 'firstName: Remove control or invisible characters' }]);
    expect(report.totalRows).toBe(4);
    expect(report.added.map(({ row, user }) => [row, user.username, user.firstName, user.lastName, user.role, user.preferredLanguage])).toEqual([
      [2, 'hala.saleh', 'هالة', 'صالح', 'learner', 'ar'],
      [3, 'karim.nasser', 'Karim "KN"', 'Nasser, Jr.', 'admin', 'en'],
      [7, 'omar.farouk', 'Omar', 'Farouk', 'learner', 'en'],
    ]);
    expect(report.added.every(({ user }) => user.mustChangePassword && user.active)).toBe(true);
    // A generated password is shown once, in the report, for the rows that had none.
    const [hala, karim] = report.added;
    expect(hala.temporaryPassword).toMatch(/^\w{5}(-\w{5}){3}$/);
    expect(karim.temporaryPassword).toBeUndefined();
    const signedIn = await requestOverNats(nats, IDENTITY_SUBJECTS.VERIFY_CREDENTIALS, {
      username: 'hala.saleh',
      password: hala.temporaryPassword,
    });
    expect(userReplySchema.parse(signedIn.response).user.mustChangePassword).toBe(true);
  });

  it('reads a semicolon-separated export and LF or CR line ends', async () => {
    const report = await reportOf('username;firstName;lastName;email\nsemi.colon;Sami;Colon;sami@masar.test\rcr.only;Cara;Only;cara@masar.test');
    expect(report.added.map(({ user }) => user.username)).toEqual(['semi.colon', 'cr.only']);
  });

  it('adds the valid rows and refuses the others with their row and reason, duplicates included', async () => {
    const before = await usernames();
    const file = [
      HEADER,
      'new.one,New,One,new.one@masar.test,,,',
      'ADMIN,Fake,Admin,fake@masar.test,admin,,',
      'new.two,New,Two,not-an-email,,,',
      'NEW.ONE,Again,One,again@masar.test,,,',
      'new.three,New,Three,three@masar.test,owner,,',
      'new.four,New,Four,four@masar.test,,fr,',
      'new\u200Bfive,New,Five,five@masar.test,,,',
      'new.six,New,Six,six@masar.test,,,short',
      'new.seven,,Seven,seven@masar.test,,,',
      'new.eight,New,Eight,eight@masar.test,,,,extra',
      'hala.saleh,Hala,Again,hala2@masar.test,,,',
      'new.nine,New,Nine,nine@masar.test,,,',
    ].join('\n');
    const report = await reportOf(file);
    expect(report.added.map(({ row, user }) => [row, user.username])).toEqual([
      [2, 'new.one'],
      [13, 'new.nine'],
    ]);
    expect(report.refused.map(({ row, reason }) => [row, reason])).toEqual([
      [3, 'username: That username is already taken'],
      [4, 'email: Enter a valid email address'],
      [5, 'username: The same username is in row 2'],
      [6, expect.stringMatching(/^role: /)],
      [7, expect.stringMatching(/^preferredLanguage: /)],
      [8, 'username: Usernames cannot contain spaces or invisible characters'],
      [9, 'password: Use at least 12 characters'],
      [10, 'firstName: This field is required'],
      [11, 'The row has 8 values but the header names 7 columns'],
      [12, 'username: That username is already taken'],
    ]);
    expect(report.totalRows).toBe(12);
    expect(await usernames()).toEqual([...before, 'new.nine', 'new.one'].sort());
    // Admin kept its role and name: a refused row changes nothing.
    const [adminRow] = await service.get(DataSource).query(`SELECT first_name, role FROM identity.users WHERE username = 'admin'`);
    expect(adminRow).toEqual({ first_name: 'Amal', role: 'admin' });
  });

  it.each([
    ['an empty file', Buffer.alloc(0), 400, 'The file is empty'],
    ['a file with only a BOM and blank lines', Buffer.from('\uFEFF\r\n\r\n'), 400, 'The file is empty'],
    ['a header and no people', Buffer.from(`${HEADER}\r\n,,,,,,\r\n`), 400, 'The file has a header but no people'],
    ['a PDF named .csv', Buffer.from('%PDF-1.7\n1 0 obj'), 400, 'This is a PDF, not a CSV file: save the sheet as "CSV UTF-8" and try again'],
    ['an Excel workbook', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]), 400, expect.stringContaining('Excel workbook')],
    ['UTF-16 text', Buffer.from(`\uFEFF${HEADER}`, 'utf16le'), 400, 'The file is saved as UTF-16 text: save the sheet as "CSV UTF-8" and try again'],
    // "هالة" in Windows-1256, as Excel saves "CSV" on an Arabic Windows.
    ['Windows-1256 text', Buffer.concat([Buffer.from(`${HEADER}\nhala,`), Buffer.from([0xe5, 0xc7, 0xe1, 0xc9]), Buffer.from(',S,h@m.t,,,')]), 400, expect.stringContaining('not UTF-8')],
    ['binary data', Buffer.from([0x75, 0x73, 0x00, 0x01, 0x02, 0x03]), 400, 'The file holds binary data, not CSV text: save the sheet as "CSV UTF-8" and try again'],
    ['an HTML page', Buffer.from('<!doctype html><html><body>people</body></html>\n'), 400, expect.stringContaining('The first row must name the columns')],
    ['a missing column', Buffer.from('username,firstName,lastName\nx.y,X,Y\n'), 400, 'The column "email" is missing from the first row'],
    ['a column named twice', Buffer.from('username,firstName,lastName,email,e-mail\n'), 400, 'The column "email" appears twice in the first row'],
    ['an unclosed quote', Buffer.from(`${HEADER}\n"x.y,X,Y,x@y.z,,,\n`), 400, 'Row 2: a quoted value is never closed'],
    ['more than 256 KB', Buffer.from(`${HEADER}\n${'x'.repeat(256 * 1024)}`), 413, 'The file is too large (max 256 KB)'],
  ])('refuses %s as a whole, adding nobody', async (_case, content, statusCode, message) => {
    const before = await usernames();
    const reply = await importFile(content);
    expect(reply.err).toEqual({ statusCode, message });
    expect(await usernames()).toEqual(before);
  });

  it('refuses more than 500 people in one file', async () => {
    const rows = Array.from({ length: 501 }, (_, index) => `bulk${index},Bulk,Person,bulk${index}@masar.test,,,`);
    const reply = await importFile([HEADER, ...rows].join('\n'));
    expect(reply.err).toEqual({ statusCode: 400, message: 'The file has 501 people; import at most 500 at a time' });
  });

  it('refuses a learner and a message naming nobody', async () => {
    const before = await usernames();
    const file = `${HEADER}\nsneaky,Sneaky,Person,sneaky@masar.test,admin,,\n`;
    expect((await importFile(file, { id: randomUUID(), role: 'learner' })).err).toMatchObject({ statusCode: 403 });
    expect((await importFile(file, null)).err).toMatchObject({ statusCode: 401 });
    expect(await usernames()).toEqual(before);
  });
});
