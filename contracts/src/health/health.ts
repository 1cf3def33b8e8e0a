import { z } from 'zod';
import { SERVICE_NAMES, ServiceName } from '../nats';

export const componentStatusSchema = z.enum(['up', 'down']);
export type ComponentStatus = z.infer<typeof componentStatusSchema>;

/** What a service answers on `<service>.health`. */
export const serviceHealthReplySchema = z.object({
  service: z.enum(SERVICE_NAMES),
  status: componentStatusSchema,
  instance: z.string(),
  uptimeSeconds: z.number().nonnegative(),
  checks: z.record(z.string(), componentStatusSchema),
});
export type ServiceHealthReply = z.infer<typeof serviceHealthReplySchema>;

export function healthSubjectOf(service: ServiceName): string {
  return `${service}.health`;
}

/** `GET /api/health`: every service and every piece of infrastructure, up or down. */
export const platformHealthSchema = z.object({
  status: componentStatusSchema,
  services: z.record(z.string(), componentStatusSchema),
  infrastructure: z.object({
    postgres: componentStatusSchema,
    redis: componentStatusSchema,
    nats: componentStatusSchema,
  }),
  checkedAt: z.string(),
});
export type PlatformHealth = z.infer<typeof platformHealthSchema>;
