import { ExtractedSkill, findInstructionSpans } from '@masar/contracts';
import pino from 'pino';
import { OpenAiSkillProvider } from '../src/providers/openai/openai-skill-provider';
import { splitSentences } from '../src/skills/extraction/sentence-splitter';
import { SkillExtractor } from '../src/skills/extraction/skill-extractor';
import { loadTaxonomy } from '../src/skills/taxonomy/taxonomy';
import { builtInPromptSource } from './support/built-in-prompt-source';
import { chatCompletion, FakeOpenAiServer, RecordedRequest } from './support/fake-openai-server';
import { embed, HostPosting, Injection, loadInjections, loadPredefinedPostings } from './support/prompt-injection-corpus';

const extractor = SkillExtractor.fromTaxonomy(loadTaxonomy());
const injections = loadInjections();
const postings = loadPredefinedPostings();

/** Each injection in a posting of its language, a different role and place each time. */
const cases = injections.map((injection, index) => {
  const hosts = postings.filter((posting) => posting.language === injection.language);
  const host = hosts[index % hosts.length];
  return { injection, host, posting: embed(host.content, injection.text, index) };
});
const caseTable = cases.map((item) => [item.injection.id, item.host.role, item] as const);

const idsOf = (skills: readonly ExtractedSkill[]) => new Set(skills.map((skill) => skill.taxonomyId));
const added = (withInjection: readonly ExtractedSkill[], clean: readonly ExtractedSkill[]) => {
  const before = idsOf(clean);
  return withInjection.filter((skill) => !before.has(skill.taxonomyId)).map((skill) => skill.name);
};
const raised = (withInjection: readonly ExtractedSkill[], clean: readonly ExtractedSkill[]) =>
  withInjection
    .filter((skill) => clean.some((other) => other.taxonomyId === skill.taxonomyId && other.confidence < skill.confidence))
    .map((skill) => skill.name);

describe('the prompt-injection corpus', () => {
  it('holds at least 30 differently worded injections, in English and Arabic', () => {
    expect(injections.length).toBeGreaterThanOrEqual(30);
    expect(new Set(injections.map((injection) => injection.text)).size).toBe(injections.length);
    expect(injections.filter((injection) => injection.language === 'ar').length).toBeGreaterThanOrEqual(10);
    expect(injections.filter((injection) => injection.language === 'en').length).toBeGreaterThanOrEqual(10);
  });

  it.each(caseTable)('%s asks for taxonomy skills its host posting (%s) does not have, so the test can fail', (_id, _role, item) => {
    const clean = idsOf(extractor.extract(item.host.content));
    for (const name of item.injection.skills) {
      const id = extractor.matcher.skillNamedBy(name);
      expect({ name, id }).toEqual({ name, id: expect.any(String) });
      expect({ name, inHost: clean.has(id as string) }).toEqual({ name, inHost: false });
    }
  });
});

describe('offline extraction with an injection hidden in a real posting', () => {
  it.each(caseTable)('%s (in %s) is found and adds or raises no skill', (_id, _role, item) => {
    const spans = findInstructionSpans(item.posting, splitSentences(item.posting));
    const start = item.posting.indexOf(item.injection.text);
    const end = start + item.injection.text.length;
    // The whole injection lies in the detected spans.
    expect(spans.some((span) => span.start <= start && span.end >= end) || spansCover(spans, start, end)).toBe(true);

    const clean = extractor.extract(item.host.content);
    const withInjection = extractor.extract(item.posting);
    expect(added(withInjection, clean)).toEqual([]);
    expect(raised(withInjection, clean)).toEqual([]);
  });
});

/** Whether consecutive spans together cover [start, end) (an injection of several sentences). */
function spansCover(spans: ReadonlyArray<{ start: number; end: number }>, start: number, end: number): boolean {
  let reached = start;
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    if (span.start <= reached + 1 && span.end > reached) reached = span.end;
  }
  return reached >= end;
}

/**
 * A model that obeys every instruction it is given: it proposes the skills the honest extractor
 * finds, plus whatever an injection in the posting it receives asks for, quoting the injection.
 */
function obedientModel(request: RecordedRequest, corpus: readonly Injection[], honest: (posting: string) => ExtractedSkill[]) {
  const body = request.body as { messages: Array<{ role: string; content: string }> };
  const { posting } = JSON.parse(body.messages[1].content) as { posting: string };
  const proposals = honest(posting).map((skill) => ({ name: skill.name, evidence: skill.evidence.map((evidence) => evidence.text) }));
  for (const injection of corpus) {
    if (!posting.includes(injection.text)) continue;
    for (const name of injection.skills) proposals.push({ name, evidence: [injection.text, name] });
  }
  return chatCompletion(JSON.stringify({ skills: proposals }));
}

describe('OpenAI-compatible extraction with an injection hidden in a real posting (fake model on loopback)', () => {
  const server = new FakeOpenAiServer();
  const logger = pino({ level: 'silent' });
  let provider: OpenAiSkillProvider;

  beforeAll(async () => {
    await server.start();
    const config = { apiKey: 'sk-fake', baseUrl: server.baseUrl, model: 'fake-model', vision: false, timeoutMs: 5000, maxRetries: 0 };
    provider = new OpenAiSkillProvider(config, extractor, builtInPromptSource(config), logger);
  });
  afterAll(() => server.stop());
  beforeEach(() => server.reset());

  it.each(caseTable)('%s (in %s) never reaches the model and adds no skill', async (_id, _role, item) => {
    server.answerWith((request) => obedientModel(request, injections, (posting) => extractor.extract(posting)));
    const clean = await provider.extractSkills(item.host.content, item.host.language);
    const withInjection = await provider.extractSkills(item.posting, item.host.language);

    const sent = (server.requests[1].body as { messages: Array<{ content: string }> }).messages[1].content;
    expect(sent).not.toContain(item.injection.text);
    expect(added(withInjection, clean)).toEqual([]);
    expect(raised(withInjection, clean)).toEqual([]);
  });

  it.each(caseTable)('%s (in %s): a model that saw it anyway has its proposals dropped', async (_id, _role, item) => {
    // As if the injection had reached the model: it proposes the injected skills, quoting the
    // injection, and also quoting an ordinary line of the posting, on top of its honest answer.
    const ordinaryLine = item.host.content.split('\n').find((line) => line.trim().length > 40) ?? item.host.content;
    server.answerWith(() =>
      chatCompletion(
        JSON.stringify({
          skills: [
            ...extractor.extract(item.host.content).map((skill) => ({ name: skill.name, evidence: skill.evidence.map((evidence) => evidence.text) })),
            ...item.injection.skills.map((name) => ({ name, evidence: [item.injection.text, name, ordinaryLine.trim()] })),
          ],
        }),
      ),
    );
    const clean = await provider.extractSkills(item.host.content, item.host.language);
    const withInjection = await provider.extractSkills(item.posting, item.host.language);
    expect(added(withInjection, clean).filter((name) => item.injection.skills.includes(name))).toEqual([]);
    expect(added(withInjection, clean)).toEqual([]);
  });
});

describe('ordinary postings keep their skills (the negative corpus)', () => {
  it.each(postings.map((posting) => [posting.role, posting.language, posting] as const))(
    '%s (%s) has no part taken for an instruction',
    (_role, _language, posting: HostPosting) => {
      expect(findInstructionSpans(posting.content, splitSentences(posting.content)).map((span) => posting.content.slice(span.start, span.end))).toEqual([]);
    },
  );
});
