// The arithmetic of `npm run bench:scale` (bench-scale.js), kept apart from the processes it starts so
// that it can be tested on its own (scale-load.spec.js): which gateway takes the next request, what a
// run's answers add up to, how long a fault took to recover from, and whether each lesson completion
// the load sent was recorded once.
'use strict';

/**
 * Round robin over the gateways, as a load balancer in front of them does: a gateway that refused a
 * connection is skipped for `downForMs` (nginx's max_fails/fail_timeout), and a request refused by
 * one is sent to the next (nothing reached the refusing one, so even a POST is safe to send again).
 */
class GatewayRoundRobin {
  constructor(count, { downForMs = 1000, now = () => performance.now() } = {}) {
    this.count = count;
    this.downForMs = downForMs;
    this.now = now;
    this.next = 0;
    this.downUntil = new Array(count).fill(-Infinity);
  }

  /** The gateways to try for one request, in order: the next in turn first, those marked down last. */
  order() {
    const start = this.next;
    this.next = (this.next + 1) % this.count;
    const all = Array.from({ length: this.count }, (_, offset) => (start + offset) % this.count);
    const at = this.now();
    return [...all.filter((index) => this.downUntil[index] <= at), ...all.filter((index) => this.downUntil[index] > at)];
  }

  refused(index) {
    this.downUntil[index] = this.now() + this.downForMs;
  }

  /** Out of the rotation until released: a restarted gateway that is not ready yet. */
  hold(index) {
    this.downUntil[index] = Infinity;
  }

  release(index) {
    this.downUntil[index] = -Infinity;
  }
}

/** The value at `fraction` of the sorted values (bench:scale and bench:gateway read p50 and p99 with it). */
function percentile(sortedValues, fraction) {
  if (sortedValues.length === 0) return NaN;
  return sortedValues[Math.min(sortedValues.length - 1, Math.floor(fraction * sortedValues.length))];
}

/** A failed answer: no answer at all (status 0: refused, reset, timed out) or a 5xx. */
const failed = (answer) => answer.status === 0 || answer.status >= 500;

/** Throughput and latency of the answers sent during `seconds`; latencies of the successful ones only. */
function summarise(answers, seconds) {
  const ok = answers.filter((answer) => !failed(answer));
  const latencies = ok.map((answer) => answer.ms).sort((a, b) => a - b);
  return {
    requests: answers.length,
    perSecond: ok.length / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    failed: answers.length - ok.length,
  };
}

/**
 * What the load saw of a fault at `faultAt`: the requests sent in `window` ([from, to): from a little
 * before the fault, so that those in flight when it struck count, to a little before the next one)
 * that failed; what they were (`kind` and status, counted); when the first and the last of them were
 * sent (ms from the fault, negative for one sent before it); and the time from the fault to the answer
 * of the first success sent after the last of them (0 when none failed, Infinity when none succeeded
 * after). Every time is performance.now() milliseconds; `answers` may run on past the window.
 */
function recoveryAfter(answers, faultAt, { from = faultAt, to = Infinity } = {}) {
  const failures = sentBetween(answers, from, to).filter(failed);
  if (failures.length === 0) return { failed: 0, recoveryMs: 0, failures: {} };
  const sentTimes = failures.map((answer) => answer.sentAt);
  const lastFailure = Math.max(...sentTimes);
  const firstBack = answers.filter((answer) => !failed(answer) && answer.sentAt > lastFailure && answer.at >= faultAt).reduce((first, answer) => Math.min(first, answer.at), Infinity);
  const counted = {};
  for (const answer of failures) {
    const what = `${answer.status === 0 ? 'no answer' : answer.status} ${answer.kind}`;
    counted[what] = (counted[what] ?? 0) + 1;
  }
  return {
    failed: failures.length,
    recoveryMs: firstBack - faultAt,
    failures: counted,
    failuresFromMs: Math.min(...sentTimes) - faultAt,
    failuresToMs: lastFailure - faultAt,
  };
}

/** The answers (or completions) of the requests sent from `from` until `to`. */
function sentBetween(answers, from, to) {
  return answers.filter((answer) => answer.sentAt >= from && answer.sentAt < to);
}

/**
 * Each completion sent is a (learner, lesson) pair of its own, reporting `secondsPerReport` seconds;
 * svc-progress adds the seconds of every report it applies to the lesson's completed row, so the row's
 * seconds divided by `secondsPerReport` is the number of times it was recorded. `recordedSeconds` maps
 * `userId:lessonId` to those seconds. A pair the gateway accepted (2xx) must be recorded exactly once;
 * one it refused may or may not have been (the learner would press again).
 */
function completionAccounting(sent, recordedSeconds, secondsPerReport) {
  const counts = { accepted: 0, lost: 0, doubled: 0, refused: 0, refusedButRecorded: 0 };
  for (const completion of sent) {
    const times = (recordedSeconds.get(`${completion.userId}:${completion.lessonId}`) ?? 0) / secondsPerReport;
    if (completion.status >= 200 && completion.status < 300) {
      counts.accepted += 1;
      if (times === 0) counts.lost += 1;
      if (times > 1) counts.doubled += 1;
    } else {
      counts.refused += 1;
      if (times > 0) counts.refusedButRecorded += 1;
      if (times > 1) counts.doubled += 1;
    }
  }
  return counts;
}

module.exports = { GatewayRoundRobin, percentile, summarise, recoveryAfter, sentBetween, completionAccounting, failed };
