import type { DestinationStream } from 'pino';

/** A pino destination that keeps every line, parsed, so a test can assert what was logged. */
export class LogCapture implements DestinationStream {
  readonly lines: Array<Record<string, unknown>> = [];

  write(line: string): void {
    this.lines.push(JSON.parse(line) as Record<string, unknown>);
  }
}
