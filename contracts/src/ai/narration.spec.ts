import { generateLessonAudioRequestSchema, hasSpeakableText, MAX_NARRATION_CHARACTERS, NARRATION_TEXT_REQUIRED_MESSAGE, narrationAudioPath } from './narration';

describe('lesson narration requests', () => {
  it('take text with letters or digits in any script', () => {
    expect(hasSpeakableText('Joins')).toBe(true);
    expect(hasSpeakableText('الجداول')).toBe(true);
    expect(hasSpeakableText('2024')).toBe(true);
  });

  it.each(['', '   ', '\u200b\u200b', '\u00a0\n\t', '*** --- ###', '…!?'])('refuse %j as "Text is required"', (text) => {
    expect(hasSpeakableText(text)).toBe(false);
    const parsed = generateLessonAudioRequestSchema.safeParse({ text, title: 'x' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toBe(NARRATION_TEXT_REQUIRED_MESSAGE);
  });

  it('refuse more than the longest lesson, and default the title', () => {
    expect(generateLessonAudioRequestSchema.safeParse({ text: 'a'.repeat(MAX_NARRATION_CHARACTERS + 1) }).success).toBe(false);
    expect(generateLessonAudioRequestSchema.parse({ text: 'Hello' })).toEqual({ text: 'Hello', title: '' });
  });

  it('serve a narration under its key', () => {
    expect(narrationAudioPath('ab'.repeat(32))).toBe(`/api/media/narration/${'ab'.repeat(32)}.mp3`);
  });
});
