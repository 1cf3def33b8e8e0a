// Integration tests run some services from their compiled dist/ as real child processes. Nx builds
// them first (implicitDependencies); this rebuilds one when its sources are newer, for a plain
// `npx jest` inside a project's folder.
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

function newestSourceTime(folder) {
  let newest = 0;
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceTime(full));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds `<repo>/<project>` with its own build script when dist/main.js is older than its sources. */
function buildServiceWhenStale(project) {
  const root = path.resolve(__dirname, '../..', project);
  const builtEntry = path.join(root, 'dist/main.js');
  const builtAt = fs.existsSync(builtEntry) ? fs.statSync(builtEntry).mtimeMs : 0;
  if (builtAt >= newestSourceTime(path.join(root, 'src'))) return;
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  // tsc leaves main.js untouched when its output did not change: mark the build as fresh.
  const now = new Date();
  fs.utimesSync(builtEntry, now, now);
}

module.exports = { buildServiceWhenStale };
