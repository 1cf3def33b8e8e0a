/** `Authorization: Basic base64(id:secret)` (RFC 7617), or null when absent or unreadable. */
export function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/]+={0,2})\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0 || colon === decoded.length - 1) return null;
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}
