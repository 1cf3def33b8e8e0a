import { buildTinyMp4, buildWebmHeader } from '../service-kit/testing/video-file.factory';
import {
  detectVideoMediaType,
  lessonVideoFileName,
  lessonVideoPlayerOf,
  lessonVideoSchema,
  lessonVideoUploadPath,
  parseVideoLink,
  setLessonVideoLinkBodySchema,
  VIDEO_LINK_INVISIBLE_MESSAGE,
  VIDEO_LINK_MAX_LENGTH,
  VIDEO_LINK_NOT_AN_ADDRESS_MESSAGE,
  VIDEO_LINK_NOT_HTTPS_MESSAGE,
  VIDEO_LINK_REQUIRED_MESSAGE,
  VIDEO_LINK_TOO_LONG_MESSAGE,
  VIDEO_LINK_UNSUPPORTED_MESSAGE,
  VIDEO_LINK_VIMEO_ID_MESSAGE,
  VIDEO_LINK_YOUTUBE_ID_MESSAGE,
} from './lesson-video';

describe('parseVideoLink', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/a_B-c1D2e3F', 'a_B-c1D2e3F'],
    ['  https://WWW.YOUTUBE.COM/watch?v=dQw4w9WgXcQ\u200b\n', 'dQw4w9WgXcQ'],
  ])("reads YouTube's %s", (link, id) => {
    expect(parseVideoLink(link)).toEqual({ ok: true, video: { kind: 'youtube', id } });
  });

  it.each([
    ['https://vimeo.com/76979871', { kind: 'vimeo', id: '76979871' }],
    ['https://player.vimeo.com/video/76979871', { kind: 'vimeo', id: '76979871' }],
    ['https://vimeo.com/76979871/0a1b2c3d4e', { kind: 'vimeo', id: '76979871', hash: '0a1b2c3d4e' }],
    ['https://player.vimeo.com/video/76979871?h=0a1b2c3d4e&autoplay=1', { kind: 'vimeo', id: '76979871', hash: '0a1b2c3d4e' }],
  ])("reads Vimeo's %s", (link, video) => {
    expect(parseVideoLink(link)).toEqual({ ok: true, video });
  });

  it.each(['https://cdn.example.org/talks/intro.mp4', 'https://cdn.example.org/a.WEBM?token=1', 'https://media.example.org/b.ogg', 'https://x.example/c.m4v'])(
    'keeps the https address of a direct file %s',
    (link) => {
      const parsed = parseVideoLink(link);
      expect(parsed).toEqual({ ok: true, video: { kind: 'file', url: new URL(link).href } });
    },
  );

  it.each([
    ['', VIDEO_LINK_REQUIRED_MESSAGE],
    ['\u200b \u00a0\ufeff', VIDEO_LINK_REQUIRED_MESSAGE],
    ['javascript:alert(1)//.mp4', VIDEO_LINK_NOT_HTTPS_MESSAGE],
    ['JaVaScRiPt:alert(document.cookie)', VIDEO_LINK_NOT_HTTPS_MESSAGE],
    ['data:video/mp4;base64,AAAA', VIDEO_LINK_NOT_HTTPS_MESSAGE],
    ['http://www.youtube.com/watch?v=dQw4w9WgXcQ', VIDEO_LINK_NOT_HTTPS_MESSAGE],
    ['//www.youtube.com/watch?v=dQw4w9WgXcQ', VIDEO_LINK_NOT_AN_ADDRESS_MESSAGE],
    ['www.youtube.com/watch?v=dQw4w9WgXcQ', VIDEO_LINK_NOT_AN_ADDRESS_MESSAGE],
    ['https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ', VIDEO_LINK_UNSUPPORTED_MESSAGE],
    ['https://evilyoutube.com/watch?v=dQw4w9WgXcQ', VIDEO_LINK_UNSUPPORTED_MESSAGE],
    ['https://www.youtube.com@evil.example/a.mp4', VIDEO_LINK_UNSUPPORTED_MESSAGE],
    ['https://user:pw@cdn.example.org/a.mp4', VIDEO_LINK_UNSUPPORTED_MESSAGE],
    ['https://cdn.example.org:8443/a.mp4', VIDEO_LINK_UNSUPPORTED_MESSAGE],
    ['https://vimeo.com.evil.example/76979871', VIDEO_LINK_UNSUPPORTED_MESSAGE],
    ['https://www.youtube.com/watch?v=dQw4w9WgXc"><script>', VIDEO_LINK_YOUTUBE_ID_MESSAGE],
    ['https://www.youtube.com/watch?v=short', VIDEO_LINK_YOUTUBE_ID_MESSAGE],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ%2F..', VIDEO_LINK_YOUTUBE_ID_MESSAGE],
    ['https://www.youtube.com/channel/UCxyz', VIDEO_LINK_YOUTUBE_ID_MESSAGE],
    ['https://vimeo.com/7697abc', VIDEO_LINK_VIMEO_ID_MESSAGE],
    ['https://vimeo.com/76979871/not-a-hash!', VIDEO_LINK_VIMEO_ID_MESSAGE],
    ['https://www.youtube.com/watch?v=dQw4w9\u200bWgXcQ', VIDEO_LINK_INVISIBLE_MESSAGE],
    ['https://cdn.example.org/my video.mp4', VIDEO_LINK_INVISIBLE_MESSAGE],
    ['https://cdn.example.org/a\u202e4pm.exe', VIDEO_LINK_INVISIBLE_MESSAGE],
    ['https://cdn.example.org/page.html', VIDEO_LINK_UNSUPPORTED_MESSAGE],
    ['https://cdn.example.org/a.mp4.exe', VIDEO_LINK_UNSUPPORTED_MESSAGE],
    ['https://intranet/a.mp4', VIDEO_LINK_UNSUPPORTED_MESSAGE],
    [`https://cdn.example.org/${'a'.repeat(VIDEO_LINK_MAX_LENGTH)}.mp4`, VIDEO_LINK_TOO_LONG_MESSAGE],
  ])('refuses %j', (link, message) => {
    expect(parseVideoLink(link)).toEqual({ ok: false, message });
  });

  it('turns a look-alike in another script into its punycode host, which is not YouTube', () => {
    expect(parseVideoLink('https://www.yоutube.com/watch?v=dQw4w9WgXcQ')).toEqual({ ok: false, message: VIDEO_LINK_UNSUPPORTED_MESSAGE });
  });
});

describe('setLessonVideoLinkBodySchema', () => {
  it('stores only the canonical video', () => {
    expect(setLessonVideoLinkBodySchema.parse({ url: 'https://youtu.be/dQw4w9WgXcQ?t=5' })).toEqual({ url: { kind: 'youtube', id: 'dQw4w9WgXcQ' } });
  });

  it("answers with parseVideoLink's message", () => {
    const result = setLessonVideoLinkBodySchema.safeParse({ url: 'http://vimeo.com/1' });
    expect(result.success ? undefined : result.error.issues[0].message).toBe(VIDEO_LINK_NOT_HTTPS_MESSAGE);
    expect(setLessonVideoLinkBodySchema.safeParse({ url: 42 }).success).toBe(false);
  });
});

describe('lessonVideoSchema', () => {
  it('refuses a file address that is not a canonical https video link, whoever sends it', () => {
    expect(lessonVideoSchema.safeParse({ kind: 'file', url: 'javascript:alert(1)//a.mp4' }).success).toBe(false);
    expect(lessonVideoSchema.safeParse({ kind: 'file', url: 'https://cdn.example.org/a.mp4' }).success).toBe(true);
    expect(lessonVideoSchema.safeParse({ kind: 'youtube', id: '"><script>x' }).success).toBe(false);
    expect(lessonVideoSchema.safeParse({ kind: 'upload', key: 'a'.repeat(63), mediaType: 'video/mp4', bytes: 1 }).success).toBe(false);
  });
});

describe('lessonVideoPlayerOf', () => {
  it('embeds YouTube without cookies and Vimeo from its player host', () => {
    expect(lessonVideoPlayerOf({ kind: 'youtube', id: 'dQw4w9WgXcQ' })).toEqual({
      kind: 'iframe',
      provider: 'youtube',
      src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    });
    expect(lessonVideoPlayerOf({ kind: 'vimeo', id: '76979871', hash: 'abcdef' }).src).toBe('https://player.vimeo.com/video/76979871?h=abcdef');
  });

  it('plays files and uploads in the browser', () => {
    expect(lessonVideoPlayerOf({ kind: 'file', url: 'https://cdn.example.org/a.mp4' })).toEqual({ kind: 'video', src: 'https://cdn.example.org/a.mp4' });
    const key = 'f'.repeat(64);
    expect(lessonVideoPlayerOf({ kind: 'upload', key, mediaType: 'video/webm', bytes: 10 }).src).toBe(`/api/media/lesson-videos/${key}.webm`);
    expect(lessonVideoFileName(`${key}.webm`)).toEqual({ key, mediaType: 'video/webm' });
    expect(lessonVideoFileName(lessonVideoUploadPath(key, 'video/ogg').split('/').pop() ?? '')).toEqual({ key, mediaType: 'video/ogg' });
    expect(lessonVideoFileName(`${key}.mp4.exe`)).toBeUndefined();
    expect(lessonVideoFileName('../etc/passwd.mp4')).toBeUndefined();
  });
});

describe('detectVideoMediaType', () => {
  it('reads the bytes, not the name', () => {
    expect(detectVideoMediaType(buildTinyMp4(16))).toBe('video/mp4');
    expect(detectVideoMediaType(buildWebmHeader())).toBe('video/webm');
    expect(detectVideoMediaType(Buffer.from('OggS\0\x02'))).toBe('video/ogg');
  });

  it('refuses everything else', () => {
    expect(detectVideoMediaType(Buffer.from('%PDF-1.7 ftyp'))).toBeUndefined();
    expect(detectVideoMediaType(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x42, 0x82, 0x88, ...Buffer.from('matroska')]))).toBeUndefined();
    expect(detectVideoMediaType(Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypqt  ')]))).toBeUndefined();
    expect(detectVideoMediaType(Buffer.from('<html><video>'))).toBeUndefined();
    expect(detectVideoMediaType(new Uint8Array())).toBeUndefined();
  });
});
