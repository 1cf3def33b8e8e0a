// Which versions may go live together, from the Pact files and the providers' verification results.
// No Pact Broker runs with Masar: the results are kept in the repository, per provider version, in
// deploy/releases/verifications/<provider>/<version>.json (written by each provider's pact verification
// test when it passes), and deploy/releases/live.json names the versions now live. Node only.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface PactInteraction {
  description: string;
  [field: string]: unknown;
}

export interface PactFile {
  consumer: { name: string };
  provider: { name: string };
  interactions: PactInteraction[];
}

/**
 * What one provider version verified: per consumer (its pact name) and consumer version, the interactions
 * by key, each with its description. A version's record only grows: bump the version when behaviour changes.
 */
export interface VerificationRecord {
  provider: string;
  version: string;
  verified: Record<string, Record<string, Record<string, string>>>;
}

/** Everything can-i-deploy reads. */
export interface ReleaseState {
  /** The pact files in contracts/pacts: what each consumer's current version expects. */
  pacts: PactFile[];
  /** Each service's version in its package.json. */
  currentVersions: Record<string, string>;
  /** deploy/releases/live.json: the version of each service now live. */
  live: Record<string, string>;
  verifications: VerificationRecord[];
}

export interface Verdict {
  deployable: boolean;
  /** One line per check: what was verified, or what is missing. */
  reasons: string[];
}

/** Sorted keys, so that the same expectation always gives the same text. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
}

/** An interaction's identity: its whole expectation (states, request, response), so a changed field is a new key. */
export function interactionKey(interaction: PactInteraction): string {
  const { pending: _pending, comments: _comments, ...expectation } = interaction;
  return createHash('sha256').update(JSON.stringify(canonical(expectation))).digest('hex').slice(0, 16);
}

/**
 * The service (workspace folder) behind a pact participant: `svc-jobs` itself, `masar-mf-courses-editing`
 * for mf-courses (a remote's pacts are named after it and the feature), `masar-shell-admin` for the shell.
 */
export function serviceOfParticipant(participant: string, services: readonly string[]): string | undefined {
  const name = participant.replace(/^masar-/, '');
  return services
    .filter((service) => name === service || name.startsWith(`${service}-`))
    .sort((a, b) => b.length - a.length)[0];
}

export function releasePaths(root: string) {
  const releases = path.join(root, 'deploy/releases');
  return {
    pacts: path.join(root, 'contracts/pacts'),
    live: path.join(releases, 'live.json'),
    verifications: path.join(releases, 'verifications'),
  };
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/** The npm workspaces and their versions, from the root package.json. */
function workspaceVersions(root: string): Record<string, string> {
  const workspaces = readJson<{ workspaces: string[] }>(path.join(root, 'package.json')).workspaces;
  return Object.fromEntries(workspaces.map((folder) => [folder, readJson<{ version: string }>(path.join(root, folder, 'package.json')).version]));
}

export function readPactFiles(folder: string): PactFile[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => readJson<PactFile>(path.join(folder, file)));
}

export function readReleaseState(root: string): ReleaseState {
  const paths = releasePaths(root);
  const verifications: VerificationRecord[] = [];
  if (existsSync(paths.verifications)) {
    for (const provider of readdirSync(paths.verifications).sort()) {
      for (const file of readdirSync(path.join(paths.verifications, provider)).filter((name) => name.endsWith('.json')).sort()) {
        verifications.push(readJson<VerificationRecord>(path.join(paths.verifications, provider, file)));
      }
    }
  }
  return {
    pacts: readPactFiles(paths.pacts),
    currentVersions: workspaceVersions(root),
    live: readJson<{ live: Record<string, string> }>(paths.live).live,
    verifications,
  };
}

/** Keys sorted at every level, so a record rewritten with nothing new is the same file. */
function sortedRecord(record: VerificationRecord): VerificationRecord {
  return { provider: record.provider, version: record.version, verified: canonical(record.verified) as VerificationRecord['verified'] };
}

/**
 * Called by a provider's pact verification test once every pact in `pactFiles` passed: adds what was
 * verified (each interaction, under its consumer's current version) to the provider version's record.
 * The repository is found from the pact files (contracts/pacts/*.json). Returns the record's file.
 */
export function recordPactVerification({ provider, pactFiles }: { provider: string; pactFiles: readonly string[] }): string {
  if (pactFiles.length === 0) throw new Error(`no pact files were verified for ${provider}`);
  const root = path.resolve(path.dirname(pactFiles[0]), '../..');
  const versions = workspaceVersions(root);
  const version = versions[provider];
  if (!version) throw new Error(`${provider} is not a workspace of ${root}`);
  const folder = path.join(releasePaths(root).verifications, provider);
  const file = path.join(folder, `${version}.json`);
  const record: VerificationRecord = existsSync(file) ? readJson<VerificationRecord>(file) : { provider, version, verified: {} };
  for (const pactFile of pactFiles) {
    const pact = readJson<PactFile>(pactFile);
    if (pact.provider.name !== provider) throw new Error(`${pactFile} is a pact with ${pact.provider.name}, not ${provider}`);
    const consumerService = serviceOfParticipant(pact.consumer.name, Object.keys(versions));
    if (!consumerService) throw new Error(`${pactFile}: no workspace is the consumer ${pact.consumer.name}`);
    const byVersion = (record.verified[pact.consumer.name] ??= {});
    const verified = (byVersion[versions[consumerService]] ??= {});
    for (const interaction of pact.interactions) verified[interactionKey(interaction)] = interaction.description;
  }
  mkdirSync(folder, { recursive: true });
  // Written whole, then renamed: a test stopped half-way leaves the previous record.
  writeFileSync(`${file}.tmp`, `${JSON.stringify(sortedRecord(record), null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
  return file;
}

/** One consumer's expectations of one provider: interaction key -> description. */
type Expectations = Map<string, string>;

/**
 * What `service` at `version` expects of each provider, by the provider's pact name: the pact files when
 * that version is the current one, else what providers recorded verifying for it; null when nothing is known.
 */
function expectationsOf(service: string, version: string, state: ReleaseState): Map<string, Map<string, Expectations>> | null {
  const services = Object.keys(state.currentVersions);
  const byProvider = new Map<string, Map<string, Expectations>>();
  const add = (provider: string, consumer: string, key: string, description: string) => {
    const consumers = byProvider.get(provider) ?? new Map<string, Expectations>();
    const expectations = consumers.get(consumer) ?? new Map<string, string>();
    expectations.set(key, description);
    consumers.set(consumer, expectations);
    byProvider.set(provider, consumers);
  };
  if (state.currentVersions[service] === version) {
    for (const pact of state.pacts.filter((candidate) => serviceOfParticipant(candidate.consumer.name, services) === service)) {
      for (const interaction of pact.interactions) add(pact.provider.name, pact.consumer.name, interactionKey(interaction), interaction.description);
    }
    return byProvider;
  }
  let known = false;
  for (const record of state.verifications) {
    for (const [consumer, byVersion] of Object.entries(record.verified)) {
      if (serviceOfParticipant(consumer, services) !== service || !byVersion[version]) continue;
      known = true;
      for (const [key, description] of Object.entries(byVersion[version])) add(record.provider, consumer, key, description);
    }
  }
  return known ? byProvider : null;
}

/** Every interaction key the provider version verified for a consumer, whatever the consumer's version. */
function verifiedBy(provider: string, version: string, consumer: string, state: ReleaseState): Set<string> | null {
  const record = state.verifications.find((candidate) => candidate.provider === provider && candidate.version === version);
  if (!record) return null;
  return new Set(Object.values(record.verified[consumer] ?? {}).flatMap((interactions) => Object.keys(interactions)));
}

/** Lines for the interactions `provider version` has not verified, or one line saying all were. */
function checkExpectations(consumerLabel: string, consumer: string, expectations: Expectations, provider: string, providerLabel: string, verified: Set<string> | null): { ok: boolean; lines: string[] } {
  if (!verified) return { ok: false, lines: [`✗ ${providerLabel} has no verification results for ${consumerLabel}: run its pact provider test at that version`] };
  const missing = [...expectations].filter(([key]) => !verified.has(key));
  if (missing.length === 0) return { ok: true, lines: [`✓ ${providerLabel} verified ${consumerLabel}'s ${expectations.size} interaction(s) (${consumer})`] };
  return {
    ok: false,
    lines: missing.map(([, description]) => `✗ ${providerLabel} has not verified ${consumerLabel}'s "${description}" (${consumer}): new, or changed since it was verified`),
  };
}

/**
 * Can `service` at `version` go live beside the versions now live? As a consumer, every live provider
 * must have verified what it expects; as a provider, it must have verified what every live consumer expects.
 */
export function canIDeploy(service: string, version: string, state: ReleaseState): Verdict {
  const services = Object.keys(state.currentVersions);
  if (!services.includes(service)) return { deployable: false, reasons: [`✗ ${service} is not a Masar service (one of ${services.join(', ')})`] };
  const reasons: string[] = [];
  let deployable = true;
  const note = (result: { ok: boolean; lines: string[] }) => {
    deployable &&= result.ok;
    reasons.push(...result.lines);
  };

  // As a consumer: what this version expects, against each provider's live version.
  const expected = expectationsOf(service, version, state);
  const hasPacts = state.pacts.some((pact) => serviceOfParticipant(pact.consumer.name, services) === service);
  if (expected === null && hasPacts) {
    note({ ok: false, lines: [`✗ nothing is known of ${service} ${version}'s pacts: it is not the version in its package.json and no provider has verified it`] });
  }
  for (const [provider, consumers] of expected ?? []) {
    const liveVersion = state.live[serviceOfParticipant(provider, services) ?? provider];
    if (!liveVersion) {
      reasons.push(`· ${provider} is not live: nothing to check against it`);
      continue;
    }
    for (const [consumer, expectations] of consumers) {
      note(checkExpectations(`${service} ${version}`, consumer, expectations, provider, `${provider} ${liveVersion} (live)`, verifiedBy(provider, liveVersion, consumer, state)));
    }
  }

  // As a provider: what each live consumer expects, against this version's verification results.
  const providerNames = new Set(state.pacts.map((pact) => pact.provider.name).filter((name) => serviceOfParticipant(name, services) === service));
  for (const record of state.verifications) if (serviceOfParticipant(record.provider, services) === service) providerNames.add(record.provider);
  for (const provider of providerNames) {
    for (const [consumerService, liveVersion] of Object.entries(state.live)) {
      if (consumerService === service) continue;
      const consumerExpectations = expectationsOf(consumerService, liveVersion, state);
      const consumers = consumerExpectations?.get(provider);
      if (!consumers) continue;
      for (const [consumer, expectations] of consumers) {
        note(checkExpectations(`${consumerService} ${liveVersion} (live)`, consumer, expectations, provider, `${provider} ${version}`, verifiedBy(provider, version, consumer, state)));
      }
    }
  }
  if (reasons.length === 0) reasons.push(`· no pact involves ${service}`);
  return { deployable, reasons };
}
