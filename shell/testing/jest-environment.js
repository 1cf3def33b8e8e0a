// jsdom plus the web platform pieces jsdom lacks and Node has: fetch (RTK Query's
// fetchBaseQuery), encoders (react-router), MessageChannel, ResizeObserver and
// matchMedia (antd).
const { TestEnvironment } = require('jest-environment-jsdom');

/**
 * antd's form and select post through a MessageChannel. Node's ports keep the process
 * alive after the tests, so messages travel through timers here instead.
 */
class TimerMessageChannel {
  constructor() {
    const port = () => ({ onmessage: null, start() {}, close() {}, addEventListener() {}, removeEventListener() {} });
    this.port1 = port();
    this.port2 = port();
    const connect = (from, to) => {
      from.postMessage = (data) => setTimeout(() => to.onmessage && to.onmessage({ data }), 0);
    };
    connect(this.port1, this.port2);
    connect(this.port2, this.port1);
  }
}

class JsdomWithWebPlatformEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const target = this.global;
    // Node's fetch only accepts Node's own AbortSignal, so the controller comes along.
    const fromNode = ['fetch', 'Request', 'Response', 'Headers', 'FormData', 'Blob', 'AbortController', 'AbortSignal', 'TextEncoder', 'TextDecoder', 'structuredClone'];
    for (const name of fromNode) {
      target[name] = globalThis[name];
    }
    target.MessageChannel = TimerMessageChannel;
    // jsdom lays nothing out, so there is never a size change to report.
    target.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
    target.matchMedia = (query) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    });
  }
}

module.exports = JsdomWithWebPlatformEnvironment;
