import type { User } from '@masar/contracts';

/** What the first page already knows when it hands over to the full portal (bootstrap.tsx). */
export interface PortalHandover {
  /** The session as the first page learnt it: null for a visitor. Primes the store, so it is not asked twice. */
  user: User | null;
  /** Signed in by the landing page's Demo Login: the portal shows the usual success toast. */
  demoSignedIn?: boolean;
}

/** Downloads the full portal and renders it; `beforeRender` clears what was on screen until then. */
export type StartPortal = (handover: PortalHandover | undefined, beforeRender?: () => void) => Promise<void>;
