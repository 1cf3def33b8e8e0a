import type { LoggerService } from '@nestjs/common';
import pino, { type DestinationStream, type Logger } from 'pino';

/** Injection token of the service's pino logger (`@Inject(LOGGER) logger: Logger`). */
export const LOGGER = Symbol('LOGGER');

/**
 * Structured JSON lines, each naming the process (`{"service":"svc-jobs",...}`), on stdout; a test
 * may pass its own destination to read them.
 */
export function createServiceLogger(processName: string, level: string, destination?: DestinationStream): Logger {
  const options = { level, base: { service: processName }, timestamp: pino.stdTimeFunctions.isoTime };
  return destination ? pino(options, destination) : pino(options);
}

/** Routes Nest's own messages (startup, errors) into the same structured pino stream. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, ...params: unknown[]): void {
    // Nest calls error(message, context), error(message, stack, context) or error(error).
    const context = params.length > 0 && typeof params.at(-1) === 'string' ? params.at(-1) : undefined;
    const trace = params.length > 1 ? params[0] : undefined;
    if (message instanceof Error) {
      this.logger.error({ context, err: message }, message.message);
    } else {
      this.logger.error({ context, trace }, String(message));
    }
  }
  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
}
