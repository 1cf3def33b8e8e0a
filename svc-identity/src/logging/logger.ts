import { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';

export const LOGGER = Symbol('LOGGER');
export const SERVICE_LOG_NAME = 'svc-identity';

export function createLogger(level: string): Logger {
  return pino({ level, base: { service: SERVICE_LOG_NAME }, timestamp: pino.stdTimeFunctions.isoTime });
}

/** Routes Nest's own messages (startup, errors) into the same structured pino stream. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, trace }, String(message));
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
