// The arithmetic of bench:scale (scale-load.js); the benchmark itself stays out of npm test.
'use strict';
const { GatewayRoundRobin, completionAccounting, recoveryAfter, summarise } = require('./scale-load');

describe('GatewayRoundRobin', () => {
  it('takes the gateways in turn', () => {
    const gateways = new GatewayRoundRobin(2);
    expect([gateways.order(), gateways.order(), gateways.order()]).toEqual([[0, 1], [1, 0], [0, 1]]);
  });

  it('tries a gateway that refused a connection last, until its time out is over', () => {
    let now = 0;
    const gateways = new GatewayRoundRobin(2, { downForMs: 1000, now: () => now });
    gateways.refused(0);
    expect([gateways.order(), gateways.order()]).toEqual([[1, 0], [1, 0]]);
    now = 1000;
    expect(gateways.order()).toEqual([0, 1]);
  });

  it('tries a held gateway last until it is released, however long that takes', () => {
    let now = 0;
    const gateways = new GatewayRoundRobin(2, { downForMs: 1000, now: () => now });
    gateways.hold(0);
    now = 60_000;
    expect([gateways.order(), gateways.order()]).toEqual([[1, 0], [1, 0]]);
    gateways.release(0);
    expect(gateways.order()).toEqual([0, 1]);
  });
});

describe('summarise', () => {
  it('counts failures and measures the successful answers only', () => {
    const answers = [10, 20, 30, 40].map((ms) => ({ status: 200, ms })).concat([{ status: 503, ms: 1 }, { status: 0, ms: 10_000 }]);
    expect(summarise(answers, 2)).toEqual({ requests: 6, perSecond: 2, p50: 30, p99: 40, failed: 2 });
  });
});

describe('recoveryAfter', () => {
  const answer = (sentAt, at, status, kind = 'catalog list') => ({ sentAt, at, status, kind, ms: at - sentAt });

  it('is the time from the fault to the first success after the last failure', () => {
    const answers = [answer(90, 95, 200), answer(100, 150, 0), answer(120, 130, 503, 'search'), answer(125, 140, 200), answer(130, 160, 200)];
    expect(recoveryAfter(answers, 100)).toEqual({
      failed: 2,
      recoveryMs: 40,
      failures: { 'no answer catalog list': 1, '503 search': 1 },
      failuresFromMs: 0,
      failuresToMs: 20,
    });
  });

  it('counts what was sent in its window only, in flight at the fault included, and looks past it for the success', () => {
    const answers = [answer(80, 120, 0), answer(100, 150, 503), answer(200, 260, 503), answer(220, 230, 200), answer(240, 300, 200)];
    expect(recoveryAfter(answers, 100, { from: 50, to: 200 })).toMatchObject({ failed: 2, recoveryMs: 130, failuresFromMs: -20, failuresToMs: 0 });
    expect(recoveryAfter(answers, 250, { from: 200 })).toMatchObject({ failed: 1, recoveryMs: 50, failuresFromMs: -50 });
  });

  it('is 0 when nothing failed and never when nothing succeeded again', () => {
    expect(recoveryAfter([answer(100, 110, 200)], 100)).toEqual({ failed: 0, recoveryMs: 0, failures: {} });
    expect(recoveryAfter([answer(100, 110, 502)], 100).recoveryMs).toBe(Infinity);
  });
});

describe('completionAccounting', () => {
  it('tells lost and doubled completions apart by the seconds recorded', () => {
    const sent = [
      { userId: 'u1', lessonId: 'a', status: 200 },
      { userId: 'u1', lessonId: 'b', status: 202 },
      { userId: 'u2', lessonId: 'a', status: 200 },
      { userId: 'u2', lessonId: 'b', status: 503 },
      { userId: 'u2', lessonId: 'c', status: 0 },
    ];
    const recorded = new Map([['u1:a', 37], ['u1:b', 74], ['u2:b', 37]]);
    expect(completionAccounting(sent, recorded, 37)).toEqual({ accepted: 3, lost: 1, doubled: 1, refused: 2, refusedButRecorded: 1 });
  });
});
