/**
 * Splits the browser tests into shards of about the same length (`jest --shard=i/n`), so
 * deploy/local/run-e2e.js can run them side by side, each shard against a platform of its own.
 * Jest's own split counts files, and one shard would get the long specs. Seconds per spec are from a
 * CI run (rounded); a spec not listed counts as DEFAULT_SECONDS until it is.
 */
'use strict';
const path = require('node:path');

const DEFAULT_SECONDS = 60;
const SECONDS = {
  accessibility: 160,
  'signed-in': 103,
  'job-descriptions': 101,
  keyboard: 98,
  'course-authoring': 91,
  'learning-path-fit': 88,
  'lesson-practice': 81,
  'course-structure': 72,
  embed: 70,
  'ai-governance': 69,
  'course-search': 69,
  narration: 65,
  'skill-gaps': 57,
  people: 56,
  'course-publishing': 51,
  'page-weight': 49,
  'learning-paths': 44,
  'lesson-video': 36,
  'own-reviews': 35,
  'course-editing': 32,
  'remote-versions': 30,
  'lesson-illustrations': 28,
  'exercise-review': 28,
  courses: 26,
  landing: 22,
  'content-security-policy': 19,
  'course-progress': 14,
};

function secondsOf(test) {
  return SECONDS[path.basename(test.path).replace(/\.e2e\.spec\.ts$/, '')] ?? DEFAULT_SECONDS;
}

/** Longest first, then by path: the same order on every machine. */
function longestFirst(tests) {
  return [...tests].sort((a, b) => secondsOf(b) - secondsOf(a) || a.path.localeCompare(b.path));
}

class BalancedSequencer {
  /** Each spec, longest first, goes to the shard with the least so far. */
  shard(tests, { shardIndex, shardCount }) {
    const shards = Array.from({ length: shardCount }, () => ({ seconds: 0, tests: [] }));
    for (const test of longestFirst(tests)) {
      const lightest = shards.reduce((least, shard) => (shard.seconds < least.seconds ? shard : least));
      lightest.tests.push(test);
      lightest.seconds += secondsOf(test);
    }
    return shards[shardIndex - 1].tests;
  }

  sort(tests) {
    return longestFirst(tests);
  }

  // Jest keeps durations for its own sequencer; this one reads the table above.
  cacheResults() {}
}

module.exports = BalancedSequencer;
