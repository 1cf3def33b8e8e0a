import { randomUUID } from 'node:crypto';
import { ErrorCode, NatsError } from 'nats';

/** Thrown for a request whose service went away after receiving it: nobody is left to answer. */
export class ServiceGoneError extends Error {
  constructor(probeSubject: string) {
    super(`nothing answers ${probeSubject} any more: the service handling the request is gone`);
  }
}

/** A request in flight that a liveness check may end early. */
export interface WatchedRequest {
  /** performance.now() when it was sent. */
  readonly sentAt: number;
  fail(error: Error): void;
}

/** What a probe needs: one request that rejects at once with NATS' "no responders" when nobody listens. */
export type Probe = (subject: string, timeoutMs: number) => Promise<unknown>;

export interface LivenessTimings {
  /** A request pending this long starts the probes of its service. */
  probeAfterMs: number;
  /** Between two probes while requests are pending. */
  probeIntervalMs: number;
  /**
   * "No responders" must last this long before pending requests are given up: a service that is
   * stopping gracefully leaves its queue group first and still answers what it already took
   * (for NATS_GRACE_PERIOD_MS, 500 ms), while a killed one never will.
   */
  confirmAfterMs: number;
  /** A probe that takes longer than this says nothing either way. */
  probeTimeoutMs: number;
}

export const DEFAULT_LIVENESS_TIMINGS: LivenessTimings = {
  probeAfterMs: 200,
  probeIntervalMs: 200,
  confirmAfterMs: 600,
  probeTimeoutMs: 500,
};

/** The packet a Nest microservice answers (with anything at all: only "no responders" matters here). */
export function probePacket(subject: string): Uint8Array {
  return new TextEncoder().encode(JSON.stringify({ pattern: subject, data: {}, id: randomUUID() }));
}

function isNoResponders(error: unknown): boolean {
  return error instanceof NatsError && error.code === ErrorCode.NoResponders;
}

/**
 * Notices that the service a request went to has died with it. NATS answers "no responders" at
 * once to a request sent after a service is gone, but a request it already delivered to the dying
 * process would wait for its whole timeout. While such requests are pending, their service's
 * health subject is probed now and then (one probe per service, however many requests wait); when
 * nothing has listened on it for `confirmAfterMs`, the requests sent before that are answered at
 * once. Any answer, or a slow one, leaves them waiting: only certain silence ends them.
 */
export class ServiceLiveness {
  private readonly watched = new Map<string, Set<WatchedRequest>>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** performance.now() of the first probe of the current run of "no responders", per probe subject. */
  private readonly silentSince = new Map<string, number>();

  constructor(
    private readonly probe: Probe,
    private readonly timings: LivenessTimings = DEFAULT_LIVENESS_TIMINGS,
  ) {}

  /** Watches `request` until `settled` resolves or rejects. */
  watch(probeSubject: string, request: WatchedRequest, settled: Promise<unknown>): void {
    let requests = this.watched.get(probeSubject);
    if (!requests) {
      requests = new Set();
      this.watched.set(probeSubject, requests);
    }
    requests.add(request);
    const done = () => {
      requests.delete(request);
      if (requests.size === 0) this.stopWatching(probeSubject);
    };
    settled.then(done, done);
    if (!this.timers.has(probeSubject)) this.schedule(probeSubject, this.timings.probeAfterMs);
  }

  /** Stops every probe (shutdown). */
  close(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.watched.clear();
    this.silentSince.clear();
  }

  private stopWatching(probeSubject: string): void {
    clearTimeout(this.timers.get(probeSubject));
    this.timers.delete(probeSubject);
    this.watched.delete(probeSubject);
    this.silentSince.delete(probeSubject);
  }

  private schedule(probeSubject: string, delayMs: number): void {
    const timer = setTimeout(() => void this.check(probeSubject), delayMs);
    timer.unref();
    this.timers.set(probeSubject, timer);
  }

  private async check(probeSubject: string): Promise<void> {
    const sentAt = performance.now();
    let silent = false;
    try {
      await this.probe(probeSubject, this.timings.probeTimeoutMs);
    } catch (error) {
      silent = isNoResponders(error);
    }
    const requests = this.watched.get(probeSubject);
    if (!requests || requests.size === 0) return;
    if (!silent) {
      this.silentSince.delete(probeSubject);
      this.schedule(probeSubject, this.timings.probeIntervalMs);
      return;
    }
    const since = this.silentSince.get(probeSubject);
    if (since === undefined) {
      this.silentSince.set(probeSubject, sentAt);
      this.schedule(probeSubject, this.timings.confirmAfterMs);
      return;
    }
    if (sentAt - since < this.timings.confirmAfterMs) {
      this.schedule(probeSubject, since + this.timings.confirmAfterMs - sentAt);
      return;
    }
    // Silent throughout: whatever was sent before the silence began has nobody left to answer it.
    for (const request of [...requests]) {
      if (request.sentAt < since) request.fail(new ServiceGoneError(probeSubject));
    }
    this.schedule(probeSubject, this.timings.probeIntervalMs);
  }
}
