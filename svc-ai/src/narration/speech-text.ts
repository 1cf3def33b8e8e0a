/**
 * A lesson's text made ready for a voice: what is spoken is what the person reads, without the marks
 * of Markdown (a voice would read "asterisk" or "hash") and without web addresses (read letter by
 * letter they take half a minute and mean nothing aloud; the link's own words stay).
 */
export function speechTextOf(text: string): string {
  return (
    text
      .normalize('NFC')
      // Control and zero-width characters (but not the joiners Arabic and emoji need) say nothing.
      // eslint-disable-next-line no-control-regex -- removing them is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b\u2060\ufeff]/g, '')
      .replace(/\r\n?/g, '\n')
      // Fenced code: the fence marks go, the code's words stay.
      .replace(/^\s*(```|~~~).*$/gm, '')
      // Images: their description is what a listener can use.
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      // Links: their words, not their address.
      .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
      .replace(/<(https?:\/\/|www\.)[^>\s]*>/gi, '')
      .replace(/\b(?:https?:\/\/|www\.)[^\s<>()]*[^\s<>().,;:!?'"]/gi, '')
      // Headings, quotes, list bullets and numbers, rules, table pipes.
      .replace(/^\s{0,3}#{1,6}\s+/gm, '')
      .replace(/^\s*[-*+•]\s+/gm, '')
      .replace(/^\s*>\s?/gm, '')
      .replace(/^\s*(\d+)[.)]\s+/gm, '$1. ')
      .replace(/^\s*([-*_]\s*){3,}$/gm, '')
      .replace(/^[ \t]*\|?([ \t]*:?-{2,}:?[ \t]*\|)+[ \t]*(:?-*:?)?[ \t]*(\n|$)/gm, '')
      .replace(/^[ \t]*\|(.*)\|[ \t]*$/gm, '$1')
      .replace(/[ \t]*\|[ \t]*/g, ', ')
      // Emphasis and inline code marks around words.
      .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
      .replace(/(\*|_)(?=\S)([^*_\n]*?\S)\1/g, '$2')
      .replace(/`+([^`]*)`+/g, '$1')
      .replace(/<\/?[a-z][^>]*>/gi, '')
      // Whatever is left of the marks, then tidy spaces: paragraphs stay paragraphs (a pause).
      .replace(/[*#`~]+/g, ' ')
      .replace(/[ \t]+/g, ' ')
      .replace(/ *\n */g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .replace(/^, |, $/gm, '')
      .trim()
  );
}
