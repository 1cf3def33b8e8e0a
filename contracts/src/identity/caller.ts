import { z } from 'zod';
import { userRoleSchema } from './identity.schemas';

/**
 * Header in which the gateway tells a service who is asking. Services trust it because only the
 * gateway may publish on their request subjects (NATS permissions); a request body never decides
 * whose data is read or whether the caller is an admin.
 */
export const CALLER_HEADER = 'x-masar-caller';

export const callerSchema = z.object({ id: z.uuid(), role: userRoleSchema });
export type Caller = z.infer<typeof callerSchema>;

export function encodeCaller(caller: Caller): string {
  return JSON.stringify({ id: caller.id, role: caller.role });
}

/** The caller a header names, or null when it is absent or malformed. */
export function decodeCaller(raw: string | undefined | null): Caller | null {
  if (!raw) return null;
  try {
    const parsed = callerSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function isAdminCaller(caller: Caller): boolean {
  return caller.role === 'admin';
}
