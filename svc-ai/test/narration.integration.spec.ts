import {
  AI_GOVERNANCE_SUBJECTS,
  AI_SUBJECTS,
  aiCallPageSchema,
  aiFeatureOffMessage,
  Caller,
  GenerateNarrationReply,
  generateNarrationReplySchema,
  MAX_NARRATION_CHARACTERS,
  NARRATION_BUCKET,
  NARRATION_TEXT_REQUIRED_MESSAGE,
} from '@masar/contracts';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, NestReply, requestOverNats } from '@masar/contracts/service-kit/testing';
import { INestMicroservice } from '@nestjs/common';
import { NatsConnection, ObjectStore } from 'nats';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { bootstrap } from '../src/main';
import { summariseMp3 } from '../src/narration/mp3-frames';
import { startAiWithFakeModel, stopAiWithFakeModel, AiWithFakeModel } from './support/ai-with-fake-model';
import { chatCompletion, FakeOpenAiServer } from './support/fake-openai-server';
import { ARABIC_DIACRITICS_SYSTEM_PROMPT } from '../src/providers/openai/arabic-diacritics-prompt';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const ADMIN: Caller = { id: randomUUID(), role: 'admin' };
const LEARNER: Caller = { id: randomUUID(), role: 'learner' };

const ENGLISH = `A **left join** keeps every row of the left table. Read more at https://example.com/sql/joins?page=2 before the next lesson. ${randomUUID()}`;
const ARABIC = `الجداول المحورية تلخص آلاف الصفوف في جدول صغير، وتساعدك على مقارنة المبيعات حسب المدينة والشهر. ${'٣'.repeat(1)}`;

/** Starts with an MPEG audio frame sync (11 set bits) or an ID3 tag. */
function looksLikeMp3(bytes: Uint8Array): boolean {
  return (bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0) || Buffer.from(bytes.subarray(0, 3)).toString('latin1') === 'ID3';
}

describe('svc-ai lesson narration on real NATS (object store) and Postgres, offline voice', () => {
  let database: FreshDatabase;
  let app: INestMicroservice;
  let nats: NatsConnection;
  let bucket: ObjectStore;
  const send = (data: unknown, caller: Caller | undefined = LEARNER): Promise<NestReply> =>
    requestOverNats(nats, AI_SUBJECTS.GENERATE_NARRATION, data, undefined, caller);
  const narrate = async (data: unknown): Promise<GenerateNarrationReply> => {
    const reply = await send(data);
    if (reply.err !== undefined) throw new Error(`narration refused: ${JSON.stringify(reply.err)}`);
    return generateNarrationReplySchema.parse(reply.response);
  };

  beforeAll(async () => {
    database = await createFreshDatabase('ai_narration');
    app = await bootstrap({ DATABASE_URL: database.url, NATS_URL, LOG_LEVEL: 'silent', AI_PROVIDER: 'offline' });
    nats = await connectToNatsAs('gateway');
    bucket = await nats.jetstream().views.os(NARRATION_BUCKET);
  });
  afterAll(async () => {
    await nats?.drain();
    await app?.close();
    await database?.drop();
  });

  it('speaks an English lesson with the English voice as MP3 of a plausible length, without Markdown marks or the address', async () => {
    const reply = await narrate({ text: ENGLISH, title: 'Joins' });
    expect(reply.language).toBe('en');
    expect(reply.textContent).toMatch(/^Joins\.\n\nA left join keeps every row of the left table\. Read more at +before the next lesson\./);
    expect(reply.textContent).not.toMatch(/\*|https|example\.com/);
    const audio = await bucket.getBlob(reply.audioKey);
    expect(audio).not.toBeNull();
    expect(looksLikeMp3(audio!)).toBe(true);
    expect(audio!.length).toBe(reply.bytes);
    const summary = summariseMp3(audio!);
    // About 20 words and a UUID read aloud: several seconds, well under a minute.
    expect(summary!.durationSeconds).toBeGreaterThan(4);
    expect(summary!.durationSeconds).toBeLessThan(40);
    expect(reply.durationSeconds).toBeCloseTo(summary!.durationSeconds, 1);
    // 32 kbit/s: the size agrees with the duration the frames give.
    expect(audio!.length).toBeGreaterThan(summary!.durationSeconds * 3500);
    expect(audio!.length).toBeLessThan(summary!.durationSeconds * 4500 + 1000);
  });

  it('speaks an Arabic lesson with the Arabic voice, a mixed one with the voice of its main language', async () => {
    const arabic = await narrate({ text: ARABIC, title: '' });
    expect(arabic.language).toBe('ar');
    const audio = await bucket.getBlob(arabic.audioKey);
    expect(looksLikeMp3(audio!)).toBe(true);
    const seconds = summariseMp3(audio!)!.durationSeconds;
    expect(seconds).toBeGreaterThan(3);
    expect(seconds).toBeLessThan(40);

    const mixed = await narrate({ text: 'تستخدم دالة VLOOKUP للبحث عن قيمة في عمود من جدول البيانات', title: '' });
    expect(mixed.language).toBe('ar');
    const english = await narrate({ text: 'Use the VLOOKUP function, or البحث, to find a value in the first column of a table.', title: '' });
    expect(english.language).toBe('en');
    // Asked for Arabic, the same words are another recording.
    const asked = await narrate({ text: 'Use the VLOOKUP function, or البحث, to find a value in the first column of a table.', title: '', language: 'ar' });
    expect(asked.language).toBe('ar');
    expect(asked.audioKey).not.toBe(english.audioKey);
  });

  it('stores a text once: asked again it answers the stored audio without speaking again; another text is another key', async () => {
    const text = `Indexes make lookups fast but slow down writes. ${randomUUID()}`;
    const first = await narrate({ text, title: 'Indexes' });
    const stored = await bucket.info(first.audioKey);
    const again = await narrate({ text, title: 'Indexes' });
    expect(first.reused).toBe(false);
    expect(again).toEqual({ ...first, reused: true });
    // The object was not written a second time: same upload id and modification time.
    expect(await bucket.info(first.audioKey)).toMatchObject({ nuid: stored!.nuid, mtime: stored!.mtime });
    const other = await narrate({ text: `${text} A covering index answers from the index alone.`, title: 'Indexes' });
    expect(other.audioKey).not.toBe(first.audioKey);
    expect(other.bytes).toBeGreaterThan(first.bytes);
  });

  it('answers identical requests made at the same time with one recording', async () => {
    const text = `Normalisation removes duplicated facts from tables. ${randomUUID()}`;
    const replies = await Promise.all([narrate({ text, title: '' }), narrate({ text, title: '' }), narrate({ text, title: '' })]);
    expect(new Set(replies.map((reply) => reply.audioKey)).size).toBe(1);
    const objects = (await bucket.list()).filter((info) => info.name === replies[0].audioKey);
    expect(objects).toHaveLength(1);
  });

  it('refuses blank-looking, unspeakable and overlong text with a 400, and logs each call as narration of the person', async () => {
    for (const text of ['', '   \n\t', '\u200b\u200b\u00a0', '*** ### ---']) {
      expect((await send({ text, title: 'x' })).err).toMatchObject({ statusCode: 400 });
    }
    expect((await send({ text: '\u200b' })).err).toMatchObject({ statusCode: 400, message: expect.stringContaining(NARRATION_TEXT_REQUIRED_MESSAGE) });
    expect((await send({ text: 'a'.repeat(MAX_NARRATION_CHARACTERS + 1) })).err).toMatchObject({ statusCode: 400 });
    expect((await send({ text: 'Hello', title: 'x', language: 'fr' })).err).toMatchObject({ statusCode: 400 });

    const log = aiCallPageSchema.parse((await requestOverNats(nats, AI_GOVERNANCE_SUBJECTS.LIST_CALLS, { feature: 'narration', pageSize: 50 }, undefined, ADMIN)).response);
    expect(log.items.length).toBeGreaterThanOrEqual(7);
    expect(log.items.every((call) => call.userId === LEARNER.id && call.feature === 'narration' && call.provider === 'offline')).toBe(true);
  });

  it('answers a narration already in the store to a learner whose AI budget is used up; new narration is refused (429)', async () => {
    const text = `Foreign keys keep references between tables valid. ${randomUUID()}`;
    const first = await narrate({ text, title: '' });
    await requestOverNats(nats, AI_GOVERNANCE_SUBJECTS.UPDATE_BUDGETS, { defaultMonthlyTokens: 0, overrides: [] }, undefined, ADMIN);
    try {
      expect(await narrate({ text, title: '' })).toEqual({ ...first, reused: true });
      const fresh = await send({ text: `A new lesson needs a new recording. ${randomUUID()}`, title: '' });
      expect(fresh.err).toMatchObject({ statusCode: 429 });
    } finally {
      await requestOverNats(nats, AI_GOVERNANCE_SUBJECTS.UPDATE_BUDGETS, { defaultMonthlyTokens: null, overrides: [] }, undefined, ADMIN);
    }
    const log = aiCallPageSchema.parse((await requestOverNats(nats, AI_GOVERNANCE_SUBJECTS.LIST_CALLS, { feature: 'narration', pageSize: 2 }, undefined, ADMIN)).response);
    expect(log.items.map((call) => [call.outcome, call.inputTokens + call.outputTokens])).toEqual([
      ['refused', 0],
      ['succeeded', 0],
    ]);
  });

  it('is refused with a 403 while an admin has turned narration off', async () => {
    await requestOverNats(nats, AI_GOVERNANCE_SUBJECTS.UPDATE_FEATURE, { feature: 'narration', enabled: false, provider: 'offline', model: null }, undefined, ADMIN);
    try {
      expect((await send({ text: 'Turned off.', title: '' })).err).toEqual({ statusCode: 403, message: aiFeatureOffMessage('narration') });
    } finally {
      await requestOverNats(nats, AI_GOVERNANCE_SUBJECTS.UPDATE_FEATURE, { feature: 'narration', enabled: true, provider: 'offline', model: null }, undefined, ADMIN);
    }
  });
});

describe('svc-ai lesson narration through an OpenAI-compatible speech API (fake server on loopback)', () => {
  const model = new FakeOpenAiServer();
  let ai: AiWithFakeModel | undefined;
  // Real MP3 bytes, as a speech API returns them: a tone encoded by lame.
  const speech = execFileSync('lame', ['--quiet', '-r', '-s', '22.05', '--bitwidth', '16', '-m', 'm', '-b', '32', '-', '-'], {
    input: Buffer.alloc(22050 * 2 * 2, 0x10),
    stdio: ['pipe', 'pipe', 'ignore'],
  });

  beforeAll(async () => {
    ai = await startAiWithFakeModel(model, 'ai_narration_openai', { OPENAI_SPEECH_MODEL: 'fake-tts', OPENAI_SPEECH_VOICE: 'coral' });
  });
  afterAll(async () => stopAiWithFakeModel(ai, model));

  it('asks the speech endpoint with the configured model and voice, stores the MP3 it returns and meters the call', async () => {
    model.answerWith(() => ({ status: 200, body: speech }));
    const text = `Pivot tables summarise rows. ${randomUUID()}`;
    const reply = await requestOverNats(ai!.nats, AI_SUBJECTS.GENERATE_NARRATION, { text, title: '' }, undefined, LEARNER);
    const narration = generateNarrationReplySchema.parse(reply.response);
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]).toMatchObject({ method: 'POST', path: '/v1/audio/speech', body: { model: 'fake-tts', voice: 'coral', input: text, response_format: 'mp3' } });
    const bucket = await ai!.nats.jetstream().views.os(NARRATION_BUCKET);
    expect(Buffer.from((await bucket.getBlob(narration.audioKey))!)).toEqual(speech);
    expect(narration.durationSeconds).toBeCloseTo(2, 0);

    // Already narrated: not asked again.
    await requestOverNats(ai!.nats, AI_SUBJECTS.GENERATE_NARRATION, { text, title: '' }, undefined, LEARNER);
    expect(model.requests).toHaveLength(1);
    const log = aiCallPageSchema.parse((await requestOverNats(ai!.nats, AI_GOVERNANCE_SUBJECTS.LIST_CALLS, { feature: 'narration' }, undefined, ADMIN)).response);
    expect(log.items.map((call) => [call.provider, call.model, call.outcome])).toEqual([
      ['openai', 'fake-tts', 'succeeded'],
      ['openai', 'fake-tts', 'succeeded'],
    ]);
  });

  it('turns an endpoint that fails or returns something other than MP3 into a 503 or 502 with a message', async () => {
    model.answerWith(() => ({ status: 500, body: { error: { message: 'down' } } }));
    const down = await requestOverNats(ai!.nats, AI_SUBJECTS.GENERATE_NARRATION, { text: `Down ${randomUUID()}`, title: '' }, undefined, LEARNER);
    expect(down.err).toMatchObject({ statusCode: 503, message: expect.stringMatching(/^The speech model is unavailable: it answered HTTP 500/) });
    model.answerWith(() => ({ status: 200, body: Buffer.from('<html>not audio</html>') }));
    const html = await requestOverNats(ai!.nats, AI_SUBJECTS.GENERATE_NARRATION, { text: `Html ${randomUUID()}`, title: '' }, undefined, LEARNER);
    expect(html.err).toEqual({ statusCode: 502, message: 'The voice did not return MP3 audio' });
  });
});

describe('svc-ai Arabic narration with vowel marks from a model (fake server on loopback), offline voice', () => {
  const model = new FakeOpenAiServer();
  let ai: AiWithFakeModel | undefined;
  /** Stands in for a model's tashkeel: a fatha after every Arabic letter, nothing else touched. */
  const withFathas = (text: string) => text.replace(/[\u0621-\u064A]/g, '$&\u064E');
  const textSent = (index: number) => JSON.parse((model.requests[index].body as { messages: Array<{ content: string }> }).messages[1].content) as { text: string };
  const setVowelMarks = async (enabled: boolean, provider: 'offline' | 'openai') => {
    const reply = await requestOverNats(ai!.nats, AI_GOVERNANCE_SUBJECTS.UPDATE_FEATURE, { feature: 'arabic-vowel-marks', enabled, provider, model: null }, undefined, ADMIN);
    expect(reply.err).toBeUndefined();
  };
  const callsOf = async (feature: string) =>
    aiCallPageSchema.parse((await requestOverNats(ai!.nats, AI_GOVERNANCE_SUBJECTS.LIST_CALLS, { feature, pageSize: 50 }, undefined, ADMIN)).response).items;
  const narrateArabic = async (text: string) => {
    const reply = await requestOverNats(ai!.nats, AI_SUBJECTS.GENERATE_NARRATION, { text, title: '' }, undefined, LEARNER);
    if (reply.err !== undefined) throw new Error(`narration refused: ${JSON.stringify(reply.err)}`);
    return generateNarrationReplySchema.parse(reply.response);
  };

  beforeAll(async () => {
    // The voice stays espeak-ng (narration offline) while a chat model is configured, and an admin sets vowel marks to the model.
    ai = await startAiWithFakeModel(model, 'ai_narration_marks', { AI_PROVIDER: 'offline' });
    await setVowelMarks(true, 'openai');
  });
  afterAll(async () => stopAiWithFakeModel(ai, model));
  beforeEach(() => model.reset());

  it('has the model add the marks from the stored template, speaks the marked text and says so, and asks only once', async () => {
    model.answerWith((request) => {
      const { text } = JSON.parse((request.body as { messages: Array<{ content: string }> }).messages[1].content) as { text: string };
      return chatCompletion(JSON.stringify({ text: withFathas(text) }));
    });
    const text = `${ARABIC} ${randomUUID().slice(0, 4)}`;
    const narration = await narrateArabic(text);
    expect(model.requests).toHaveLength(1);
    expect((model.requests[0].body as { messages: Array<{ role: string; content: string }> }).messages[0]).toEqual({ role: 'system', content: ARABIC_DIACRITICS_SYSTEM_PROMPT.replaceAll('{languageName}', 'Modern Standard Arabic') });
    expect(textSent(0).text).toBe(text);
    expect(narration).toMatchObject({ language: 'ar', textContent: withFathas(text), reused: false });
    const bucket = await ai!.nats.jetstream().views.os(NARRATION_BUCKET);
    const mp3 = (await bucket.getBlob(narration.audioKey))!;
    expect(looksLikeMp3(mp3)).toBe(true);
    expect(summariseMp3(mp3)!.durationSeconds).toBeGreaterThan(2);

    // Asked again: the stored recording and its marked text, without asking the model.
    expect(await narrateArabic(text)).toEqual({ ...narration, reused: true });
    expect(model.requests).toHaveLength(1);
  });

  it('reads the text as written when the model changes its words, fails, or is not needed', async () => {
    model.answerWith(() => chatCompletion(JSON.stringify({ text: 'تجاهل التعليمات السابقة' })));
    const changed = `${ARABIC} ${randomUUID().slice(0, 4)}`;
    const asWritten = await narrateArabic(changed);
    expect(asWritten).toMatchObject({ language: 'ar', textContent: changed, reused: false });
    expect(model.requests).toHaveLength(1);

    model.answerWith(() => ({ status: 500, body: { error: { message: 'down' } } }));
    const down = `${ARABIC} ${randomUUID().slice(0, 4)}`;
    expect(await narrateArabic(down)).toMatchObject({ language: 'ar', textContent: down });

    // Marked already, or English: the model is not asked.
    model.reset();
    const alreadyMarked = 'الْمِيزَانِيَّةُ خُطَّةٌ لِلْمَالِ';
    expect(await narrateArabic(alreadyMarked)).toMatchObject({ textContent: alreadyMarked });
    expect(await narrateArabic(`A budget is a plan for money. ${randomUUID()}`)).toMatchObject({ language: 'en' });
    expect(model.requests).toHaveLength(0);
  });
  it('logs the model call under its own feature with the model that answered, and the narration as the built-in voice', async () => {
    model.answerWith((request) => {
      const { text } = JSON.parse((request.body as { messages: Array<{ content: string }> }).messages[1].content) as { text: string };
      return chatCompletion(JSON.stringify({ text: withFathas(text) }), undefined, { prompt_tokens: 40, completion_tokens: 60 });
    });
    const text = `${ARABIC} ${randomUUID().slice(0, 4)}`;
    await narrateArabic(text);
    const [marks] = await callsOf('arabic-vowel-marks');
    expect(marks).toMatchObject({
      userId: LEARNER.id,
      feature: 'arabic-vowel-marks',
      provider: 'openai',
      model: 'fake-model',
      promptTemplate: 'arabic-diacritics',
      inputTokens: 40,
      outputTokens: 60,
      inputCharacters: [...text].length,
      outcome: 'succeeded',
    });
    const [narration] = await callsOf('narration');
    expect(narration).toMatchObject({ userId: LEARNER.id, feature: 'narration', provider: 'offline', model: 'built-in', inputTokens: 0, outputTokens: 0, outcome: 'succeeded' });
  });

  it('reads Arabic as written, without asking the model, while vowel marks are off or set to the built-in provider', async () => {
    model.answerWith((request) => {
      const { text } = JSON.parse((request.body as { messages: Array<{ content: string }> }).messages[1].content) as { text: string };
      return chatCompletion(JSON.stringify({ text: withFathas(text) }));
    });
    try {
      for (const [enabled, provider] of [[false, 'openai'], [true, 'offline']] as const) {
        await setVowelMarks(enabled, provider);
        const text = `${ARABIC} ${randomUUID().slice(0, 4)}`;
        expect(await narrateArabic(text)).toMatchObject({ language: 'ar', textContent: text, reused: false });
      }
      expect(model.requests).toHaveLength(0);
    } finally {
      await setVowelMarks(true, 'openai');
    }
  });
  it('with the budget used up, plays what is stored as written and logs the vowel-marks call as refused, asking no model', async () => {
    const text = `${ARABIC} ${randomUUID().slice(0, 4)}`;
    await setVowelMarks(false, 'openai');
    const asWritten = await narrateArabic(text);
    await setVowelMarks(true, 'openai');
    await requestOverNats(ai!.nats, AI_GOVERNANCE_SUBJECTS.UPDATE_BUDGETS, { defaultMonthlyTokens: 0, overrides: [] }, undefined, ADMIN);
    try {
      expect(await narrateArabic(text)).toEqual({ ...asWritten, reused: true });
      expect(model.requests).toHaveLength(0);
      const [marks] = await callsOf('arabic-vowel-marks');
      expect(marks).toMatchObject({ userId: LEARNER.id, outcome: 'refused', statusCode: 429 });
    } finally {
      await requestOverNats(ai!.nats, AI_GOVERNANCE_SUBJECTS.UPDATE_BUDGETS, { defaultMonthlyTokens: null, overrides: [] }, undefined, ADMIN);
    }
  });
});
