#!/usr/bin/env node
// npm run bench:skills
// Scores the offline skill extractor (the BUILT svc-ai/dist) on the SkillSpan development sentences
// in ../shared/bench/skills/, with the rule of that folder's README, and measures sentences per second
// on one core. Prints one table. Build first: npx nx run svc-ai:build
'use strict';
const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');
const { measureUploadPath } = require('./upload-path');

const ROOT = path.resolve(__dirname, '../..');
const BENCH_DIR = process.env.BENCH_SKILLS_DIR ?? path.resolve(ROOT, '../shared/bench/skills');
const SENTENCES_FILE = path.join(BENCH_DIR, 'skillspan-dev-sentences.jsonl');
const SVC_AI_DIST = path.join(ROOT, 'svc-ai/dist');
const SPEED_PASSES = Number(process.env.BENCH_SPEED_PASSES ?? 5);

// The README's loose-match stop words: sharing only these with a gold span does not count.
const STOP_WORDS = new Set(
  'a an and are as at be by for from has have in is it of on or our the to we will with you your'.split(' '),
);

function loadExtractor() {
  const extractorModule = path.join(SVC_AI_DIST, 'skills/extraction/skill-extractor.js');
  if (!existsSync(extractorModule)) {
    console.error(`bench:skills needs the built svc-ai (${extractorModule} is missing): run npx nx run svc-ai:build`);
    process.exit(1);
  }
  const { SkillExtractor } = require(extractorModule);
  const { loadTaxonomy } = require(path.join(SVC_AI_DIST, 'skills/taxonomy/taxonomy.js'));
  const taxonomy = loadTaxonomy();
  return { extractor: SkillExtractor.fromTaxonomy(taxonomy), taxonomy };
}

function loadSentences() {
  if (!existsSync(SENTENCES_FILE)) {
    console.error(`bench:skills: ${SENTENCES_FILE} is missing (set BENCH_SKILLS_DIR to the folder holding it)`);
    process.exit(1);
  }
  return readFileSync(SENTENCES_FILE, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
}

/** Lower-case, split on whitespace, drop tokens that are only punctuation. */
function normaliseSpan(span) {
  return span
    .toLowerCase()
    .split(/\s+/)
    .filter((token) => token !== '' && /[\p{L}\p{N}]/u.test(token));
}

/** The predictions for one sentence: the evidence spans of every skill found, each distinct span once. */
function predictedSpans(extractor, text) {
  const spans = new Map();
  for (const skill of extractor.extract(text)) {
    for (const evidence of skill.evidence) spans.set(`${evidence.start}:${evidence.end}`, evidence.text);
  }
  return [...spans.values()];
}

function newTally() {
  return { predictions: 0, gold: 0, strictRight: 0, strictFound: 0, looseRight: 0, looseFound: 0, sentences: 0 };
}

/** Adds one sentence to a tally with the README's strict and loose rules. */
function scoreSentence(tally, predictions, goldSpans) {
  const predicted = predictions.map(normaliseSpan).filter((tokens) => tokens.length > 0);
  const gold = goldSpans.map(normaliseSpan).filter((tokens) => tokens.length > 0);
  const strictEqual = (a, b) => a.length === b.length && a.every((token, index) => token === b[index]);
  const contentWords = (tokens) => new Set(tokens.filter((token) => !STOP_WORDS.has(token)));
  const looseOverlap = (a, b) => {
    const words = contentWords(b);
    return [...contentWords(a)].some((token) => words.has(token));
  };
  tally.sentences += 1;
  tally.predictions += predicted.length;
  tally.gold += gold.length;
  tally.strictRight += predicted.filter((p) => gold.some((g) => strictEqual(p, g))).length;
  tally.looseRight += predicted.filter((p) => gold.some((g) => looseOverlap(p, g))).length;
  tally.strictFound += gold.filter((g) => predicted.some((p) => strictEqual(p, g))).length;
  tally.looseFound += gold.filter((g) => predicted.some((p) => looseOverlap(p, g))).length;
}

function prf(right, found, predictions, gold) {
  const precision = predictions === 0 ? 0 : right / predictions;
  const recall = gold === 0 ? 0 : found / gold;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

function scoreBenchmark(extractor, rows) {
  const tallies = { tech: newTally(), house: newTally(), all: newTally() };
  for (const row of rows) {
    const predictions = predictedSpans(extractor, row.text);
    scoreSentence(tallies[row.source] ?? (tallies[row.source] = newTally()), predictions, row.skills);
    scoreSentence(tallies.all, predictions, row.skills);
  }
  return Object.fromEntries(
    Object.entries(tallies).map(([name, t]) => [
      name,
      {
        ...t,
        strict: prf(t.strictRight, t.strictFound, t.predictions, t.gold),
        loose: prf(t.looseRight, t.looseFound, t.predictions, t.gold),
      },
    ]),
  );
}

/** Sentences per second on this one thread (Node runs the extractor on one core), after a warm-up pass. */
function measureSpeed(extractor, rows) {
  for (const row of rows) extractor.extract(row.text);
  const startedAt = process.hrtime.bigint();
  for (let pass = 0; pass < SPEED_PASSES; pass++) {
    for (const row of rows) extractor.extract(row.text);
  }
  const seconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
  return (rows.length * SPEED_PASSES) / seconds;
}

function formatTable(scores) {
  const pct = (value) => (value * 100).toFixed(1).padStart(5);
  const lines = [
    'set    sentences  gold  pred | strict P    R     F1  | loose P     R     F1',
    '------ --------- ----- ----- | ---------------------- | ----------------------',
  ];
  for (const name of ['tech', 'house', 'all']) {
    const s = scores[name];
    if (!s) continue;
    lines.push(
      `${name.padEnd(6)} ${String(s.sentences).padStart(9)} ${String(s.gold).padStart(5)} ${String(s.predictions).padStart(5)} |` +
        ` ${pct(s.strict.precision)} ${pct(s.strict.recall)} ${pct(s.strict.f1)}  |` +
        ` ${pct(s.loose.precision)} ${pct(s.loose.recall)} ${pct(s.loose.f1)}`,
    );
  }
  return lines.join('\n');
}

async function main() {
  const { extractor, taxonomy } = loadExtractor();
  const rows = loadSentences();
  const scores = scoreBenchmark(extractor, rows);
  const sentencesPerSecond = measureSpeed(extractor, rows);
  const upload = process.env.BENCH_SKIP_UPLOAD === '1' ? undefined : await measureUploadPath();

  console.log(`Skill extraction benchmark: SkillSpan dev sentences (${path.relative(ROOT, SENTENCES_FILE)})`);
  console.log(`offline extractor, taxonomy ${taxonomy.version} (${taxonomy.skills.length} skills)\n`);
  console.log(formatTable(scores));
  console.log(`\nspeed: ${Math.round(sentencesPerSecond).toLocaleString('en')} sentences/s on one core`);
  console.log(
    upload
      ? `upload path (2-page PDF to saved skills, ${upload.skills} skills): p50 ${upload.p50Ms.toFixed(0)} ms, p95 ${upload.p95Ms.toFixed(0)} ms over ${upload.runs} runs (upload alone p50 ${upload.uploadP50Ms.toFixed(0)} ms, p95 ${upload.uploadP95Ms.toFixed(0)} ms)   target p95 <= 500 ms   ${upload.p95Ms <= 500 ? 'met' : 'MISSED'}`
      : 'upload path: skipped (BENCH_SKIP_UPLOAD=1)',
  );
  const all = scores.all;
  console.log(
    `targets: loose F1 >= 60% (${all.loose.f1 >= 0.6 ? 'met' : 'missed'}), strict F1 >= 30% (${all.strict.f1 >= 0.3 ? 'met' : 'missed'}), ` +
      `>= 1,000 sentences/s (${sentencesPerSecond >= 1000 ? 'met' : 'missed'})`,
  );
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

module.exports = { normaliseSpan, scoreSentence, scoreBenchmark, measureSpeed, measureUploadPath, predictedSpans };
