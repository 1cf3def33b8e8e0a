import type { User as MasarUser } from '@masar/contracts';

declare global {
  namespace Express {
    /** What passport keeps in the session: the user id, nothing more. */
    interface User {
      id: string;
    }
    interface Request {
      /** Set by the request-id middleware before anything else runs. */
      requestId: string;
      /** The signed-in user as identity knows them now, set by the session guard. */
      currentUser?: MasarUser;
    }
  }
}

declare module 'express-session' {
  interface SessionData {
    /** Milliseconds since the epoch when the person signed in: the 12-hour limit counts from here. */
    signedInAt: number;
    /** The id_token of a single sign-on, for the provider's logout (id_token_hint). */
    oidcIdToken: string;
    /** The person's NameID and session at the SAML identity provider, for its single logout. */
    samlSubject: import('./sso/saml-provider-client').SamlSessionSubject;
    /** The exact origin of the page that frames this session's frame (issue 18); unset for the portal itself. */
    embedHostOrigin: string;
  }
}
