import { createHostChannel } from './host-channel';

const HOST = 'https://suite.example.com';

function fakeFrame() {
  const listeners: Array<(event: MessageEvent) => void> = [];
  const parent = { postMessage: jest.fn() };
  return {
    parent,
    addEventListener: (_type: 'message', listener: (event: MessageEvent) => void) => listeners.push(listener),
    removeEventListener: (_type: 'message', listener: (event: MessageEvent) => void) => listeners.splice(listeners.indexOf(listener), 1),
    deliver: (data: unknown, origin: string, source: unknown = parent) =>
      listeners.forEach((listener) => listener({ data, origin, source } as unknown as MessageEvent)),
  };
}

describe("the frame's channel to its host", () => {
  it("posts every message to the host's exact origin, never '*'", () => {
    const frame = fakeFrame();
    createHostChannel(HOST, frame).post({ type: 'masar:resize', height: 420 });
    expect(frame.parent.postMessage).toHaveBeenCalledWith({ type: 'masar:resize', height: 420 }, HOST);
  });

  it('accepts only contract messages from the parent window on the host origin', () => {
    const frame = fakeFrame();
    const handler = jest.fn();
    const stop = createHostChannel(HOST, frame).listen(handler);
    frame.deliver({ type: 'masar:session', token: 'from-another-origin' }, 'https://evil.example');
    frame.deliver({ type: 'masar:session', token: 'from-a-sibling-frame' }, HOST, {});
    frame.deliver({ type: 'masar:navigate', path: '//evil.example/x' }, HOST);
    frame.deliver('masar:session', HOST);
    frame.deliver({ type: 'masar:session', token: 'good' }, HOST);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith({ type: 'masar:session', token: 'good' });
    stop();
    frame.deliver({ type: 'masar:session', token: 'after-stop' }, HOST);
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
