// Jest globalSetup: the gateway's integration and provider tests run svc-identity from its
// compiled dist/ as a real child process. Nx builds it first (implicitDependencies); this
// rebuilds it when the sources are newer, for a plain `npx jest` in this folder.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const identityRoot = path.resolve(__dirname, '../../../svc-identity');
const builtEntry = path.join(identityRoot, 'dist/main.js');

function newestSourceTime(folder) {
  let newest = 0;
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceTime(full));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

module.exports = async function buildIdentityWhenStale() {
  const builtAt = fs.existsSync(builtEntry) ? fs.statSync(builtEntry).mtimeMs : 0;
  if (builtAt >= newestSourceTime(path.join(identityRoot, 'src'))) return;
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
    cwd: identityRoot,
    stdio: 'inherit',
  });
  // tsc leaves main.js untouched when its output did not change: mark the build as fresh.
  const now = new Date();
  fs.utimesSync(builtEntry, now, now);
};
