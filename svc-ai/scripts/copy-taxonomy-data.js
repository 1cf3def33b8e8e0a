#!/usr/bin/env node
// tsc compiles only TypeScript: the taxonomy's JSON files are copied beside the compiled loader,
// replacing what an earlier build left, so a file removed from src/ is removed from dist/ too.
'use strict';
const { cpSync, existsSync, rmSync } = require('node:fs');
const path = require('node:path');

const from = path.join(__dirname, '../src/skills/taxonomy/data');
const to = path.join(__dirname, '../dist/skills/taxonomy/data');
if (!existsSync(from)) {
  console.error(`svc-ai build: the taxonomy data directory ${from} is missing`);
  process.exit(1);
}
rmSync(to, { recursive: true, force: true });
cpSync(from, to, { recursive: true, filter: (source) => !source.endsWith('.md') });
