const MEGABYTE = 1024 * 1024;

/** "File is too large (max 10 MB)", with the configured limit. */
export function fileTooLargeMessage(maxBytes: number): string {
  const megabytes = maxBytes / MEGABYTE;
  const shown = Number.isInteger(megabytes) ? String(megabytes) : megabytes.toFixed(1);
  return `File is too large (max ${shown} MB)`;
}
