#!/usr/bin/env node
// `npm run can-i-deploy -- <service> <version>`: may that version of a service go live beside the
// versions in deploy/releases/live.json? Answered from the pact files (contracts/pacts) and the providers'
// verification results kept in deploy/releases/verifications/ (no Pact Broker runs with Masar).
// Prints each check and "yes" (exit 0) or "no" (exit 1).
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const COMPILED = path.join(ROOT, 'contracts/dist/releases/pact-releases.js');
const SOURCE = path.join(ROOT, 'contracts/src/releases/pact-releases.ts');

function main() {
  const [service, version] = process.argv.slice(2);
  if (!service || !version) {
    console.error('usage: npm run can-i-deploy -- <service> <version>   e.g. npm run can-i-deploy -- svc-jobs 0.2.0');
    process.exit(2);
  }
  // The logic lives in contracts (the provider tests record with it): build it when its source is newer.
  if (!fs.existsSync(COMPILED) || fs.statSync(COMPILED).mtimeMs < fs.statSync(SOURCE).mtimeMs) {
    execFileSync('npm', ['run', '--silent', 'build'], { cwd: path.join(ROOT, 'contracts'), stdio: 'inherit' });
  }
  const { canIDeploy, readReleaseState } = require(COMPILED);
  const state = readReleaseState(ROOT);
  const live = Object.entries(state.live).map(([name, liveVersion]) => `${name} ${liveVersion}`);
  console.log(`can ${service} ${version} go live beside: ${live.join(', ')}?`);
  const verdict = canIDeploy(service, version, state);
  for (const reason of verdict.reasons) console.log(`  ${reason}`);
  console.log(verdict.deployable ? 'yes' : 'no');
  process.exit(verdict.deployable ? 0 : 1);
}

main();
