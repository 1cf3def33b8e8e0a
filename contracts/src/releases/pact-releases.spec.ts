import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { canIDeploy, interactionKey, type PactFile, readReleaseState, recordPactVerification, serviceOfParticipant } from './pact-releases';

const REPO_PACTS = path.resolve(__dirname, '../../pacts');
/** svc-jobs (consumer) asks svc-ai (provider) to extract skills: a real pact of this repository. */
const PACT = 'svc-jobs-svc-ai.json';

/** A repository of two services at the given versions, with the real pact, live at `live`. */
function repository(root: string, versions: Record<string, string>, live: Record<string, string>): void {
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ workspaces: Object.keys(versions) }));
  for (const [service, version] of Object.entries(versions)) {
    mkdirSync(path.join(root, service), { recursive: true });
    writeFileSync(path.join(root, service, 'package.json'), JSON.stringify({ name: `@masar/${service}`, version }));
  }
  mkdirSync(path.join(root, 'deploy/releases'), { recursive: true });
  writeFileSync(path.join(root, 'deploy/releases/live.json'), JSON.stringify({ live }));
}

function pactAt(root: string): string {
  return path.join(root, 'contracts/pacts', PACT);
}

function readPact(root: string): PactFile {
  return JSON.parse(readFileSync(pactAt(root), 'utf8')) as PactFile;
}

/** The consumer's next version expects one more field in one reply: what a consumer test would write. */
function expectAFieldMore(root: string, description: string): void {
  const pact = readPact(root);
  const interaction = pact.interactions.find((candidate) => candidate.description === description);
  if (!interaction) throw new Error(`no interaction "${description}" in ${PACT}`);
  const reply = (interaction.response as { contents: { content: { response: Record<string, unknown> } } }[])[0].contents.content.response;
  reply.seniority = 'senior';
  writeFileSync(pactAt(root), JSON.stringify(pact, null, 2));
}

describe('can-i-deploy from the pacts and the recorded verifications', () => {
  let root: string;
  const changed = 'ai.skills.extract for an English posting';

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'masar-releases-'));
    mkdirSync(path.join(root, 'contracts/pacts'), { recursive: true });
    cpSync(path.join(REPO_PACTS, PACT), pactAt(root));
    repository(root, { 'svc-jobs': '0.1.0', 'svc-ai': '0.1.0' }, { 'svc-jobs': '0.1.0', 'svc-ai': '0.1.0' });
    // What svc-ai's pact verification test records once the pact passed.
    recordPactVerification({ provider: 'svc-ai', pactFiles: [pactAt(root)] });
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('maps pact participants to their services', () => {
    const services = ['shell', 'mf-courses', 'svc-gateway', 'svc-jobs'];
    expect(serviceOfParticipant('masar-mf-courses-editing', services)).toBe('mf-courses');
    expect(serviceOfParticipant('masar-shell-admin', services)).toBe('shell');
    expect(serviceOfParticipant('svc-gateway', services)).toBe('svc-gateway');
    expect(serviceOfParticipant('masar-mf-agents', services)).toBeUndefined();
  });

  it('records each verified interaction under the provider version and the consumer version', () => {
    const record = JSON.parse(readFileSync(path.join(root, 'deploy/releases/verifications/svc-ai/0.1.0.json'), 'utf8'));
    const interactions = readPact(root).interactions;
    expect(record).toEqual({
      provider: 'svc-ai',
      version: '0.1.0',
      verified: { 'svc-jobs': { '0.1.0': Object.fromEntries(interactions.map((interaction) => [interactionKey(interaction), interaction.description])) } },
    });
  });

  it('says yes for the versions that were verified together', () => {
    const state = readReleaseState(root);
    expect(canIDeploy('svc-jobs', '0.1.0', state)).toEqual({
      deployable: true,
      reasons: [`✓ svc-ai 0.1.0 (live) verified svc-jobs 0.1.0's ${readPact(root).interactions.length} interaction(s) (svc-jobs)`],
    });
    expect(canIDeploy('svc-ai', '0.1.0', state).deployable).toBe(true);
  });

  it('says no to a consumer version expecting a field the live provider never verified, naming the interaction', () => {
    expectAFieldMore(root, changed);
    repository(root, { 'svc-jobs': '0.2.0', 'svc-ai': '0.1.0' }, { 'svc-jobs': '0.1.0', 'svc-ai': '0.1.0' });
    const state = readReleaseState(root);
    expect(canIDeploy('svc-jobs', '0.2.0', state)).toEqual({
      deployable: false,
      reasons: [`✗ svc-ai 0.1.0 (live) has not verified svc-jobs 0.2.0's "${changed}" (svc-jobs): new, or changed since it was verified`],
    });
    // The live 0.1.0 is still known from what svc-ai recorded verifying for it.
    expect(canIDeploy('svc-jobs', '0.1.0', state).deployable).toBe(true);
    expect(canIDeploy('svc-jobs', '0.3.0', state)).toEqual({
      deployable: false,
      reasons: ["✗ nothing is known of svc-jobs 0.3.0's pacts: it is not the version in its package.json and no provider has verified it"],
    });
  });

  it('says yes once a provider version verified the new pact, and that provider only when it still honours the live consumer', () => {
    expectAFieldMore(root, changed);
    repository(root, { 'svc-jobs': '0.2.0', 'svc-ai': '0.2.0' }, { 'svc-jobs': '0.1.0', 'svc-ai': '0.1.0' });
    recordPactVerification({ provider: 'svc-ai', pactFiles: [pactAt(root)] });
    let state = readReleaseState(root);
    // svc-ai 0.2.0 verified only the new pact: the live svc-jobs 0.1.0 expects the old reply.
    expect(canIDeploy('svc-ai', '0.2.0', state)).toEqual({
      deployable: false,
      reasons: [`✗ svc-ai 0.2.0 has not verified svc-jobs 0.1.0 (live)'s "${changed}" (svc-jobs): new, or changed since it was verified`],
    });

    // svc-ai 0.2.0 verified against the live consumer's pact too: it can go first, then svc-jobs 0.2.0.
    writeFileSync(pactAt(root), readFileSync(path.join(REPO_PACTS, PACT)));
    recordPactVerification({ provider: 'svc-ai', pactFiles: [pactAt(root)] });
    expectAFieldMore(root, changed);
    state = readReleaseState(root);
    expect(canIDeploy('svc-ai', '0.2.0', state).deployable).toBe(true);
    expect(canIDeploy('svc-jobs', '0.2.0', state).deployable).toBe(false);
    writeFileSync(path.join(root, 'deploy/releases/live.json'), JSON.stringify({ live: { 'svc-jobs': '0.1.0', 'svc-ai': '0.2.0' } }));
    expect(canIDeploy('svc-jobs', '0.2.0', readReleaseState(root)).deployable).toBe(true);
  });

  it('says no for a provider version with no verification results, and for an unknown service', () => {
    const state = readReleaseState(root);
    expect(canIDeploy('svc-ai', '9.9.9', state)).toEqual({
      deployable: false,
      reasons: ['✗ svc-ai 9.9.9 has no verification results for svc-jobs 0.1.0 (live): run its pact provider test at that version'],
    });
    expect(canIDeploy('svc-videos', '1.0.0', state).reasons[0]).toMatch(/svc-videos is not a Masar service/);
  });
});
