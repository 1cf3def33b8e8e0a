import { createServiceLogger } from '@masar/contracts/service-kit';
import { Logger } from 'pino';

// The one logger of every Masar process, from the kit; this names the gateway's lines.
export { LOGGER, PinoNestLogger } from '@masar/contracts/service-kit';
export const SERVICE_LOG_NAME = 'svc-gateway';

export function createLogger(level: string): Logger {
  return createServiceLogger(SERVICE_LOG_NAME, level);
}
