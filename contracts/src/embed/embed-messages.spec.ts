import { embedHostMessageSchema, exactOrigin, isEmbedModule } from './embed-messages';

describe('the embed postMessage contract', () => {
  it('reads only exact origins, as browsers write them in event.origin', () => {
    expect(exactOrigin('https://suite.example.com')).toBe('https://suite.example.com');
    expect(exactOrigin('http://127.0.0.1:8392')).toBe('http://127.0.0.1:8392');
    for (const wrong of ['https://suite.example.com/', 'https://suite.example.com/path', 'HTTPS://Suite.example.com', 'javascript:alert(1)', '*', 'null', 'https://a.example.com:443', 'https://user@a.example.com']) {
      expect(exactOrigin(wrong)).toBeNull();
    }
  });

  it("accepts a host's session and navigate messages, and refuses paths that would leave Masar", () => {
    expect(embedHostMessageSchema.safeParse({ type: 'masar:session', token: 'abc' }).success).toBe(true);
    expect(embedHostMessageSchema.safeParse({ type: 'masar:navigate', path: '/courses/1' }).success).toBe(true);
    for (const path of ['//evil.example', 'https://evil.example', 'javascript:alert(1)', '/\\evil.example', 'courses']) {
      expect(embedHostMessageSchema.safeParse({ type: 'masar:navigate', path }).success).toBe(false);
    }
    expect(embedHostMessageSchema.safeParse({ type: 'masar:resize', height: 3 }).success).toBe(false);
  });

  it('names the four modules', () => {
    expect(isEmbedModule('skill-review')).toBe(true);
    expect(isEmbedModule('admin')).toBe(false);
  });
});
