import { EMBED_SESSION_HEADER as CONTRACT_HEADER } from '@masar/contracts';
import { EMBED_SESSION_HEADER, embedSessionToken, endEmbedSession, enterEmbedMode, setEmbedSessionToken } from './embed-session';

describe('the session of a Masar frame', () => {
  it('uses the header the contract names', () => {
    expect(EMBED_SESSION_HEADER).toBe(CONTRACT_HEADER);
  });

  it('keeps the token in memory until the session ends, then asks the frame for a new one', () => {
    expect(endEmbedSession()).toBe(false);
    const ended = jest.fn();
    enterEmbedMode(ended);
    setEmbedSessionToken('s:abc.def');
    expect(embedSessionToken()).toBe('s:abc.def');
    expect(endEmbedSession()).toBe(true);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(embedSessionToken()).toBeNull();
  });
});
