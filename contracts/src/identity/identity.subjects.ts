/** NATS subjects answered by svc-identity. Never rename one without a migration plan. */
export const IDENTITY_SUBJECTS = {
  VERIFY_CREDENTIALS: 'identity.credentials.verify',
  GET_USER: 'identity.user.get',
  GET_DEMO_USER: 'identity.user.demo',
  UPDATE_PROFILE: 'identity.user.update-profile',
  LIST_USERS: 'identity.users.list',
  /** Admins only (the caller header says who asks): add, import, change role or active flag, reset a password. */
  CREATE_USER: 'identity.users.create',
  IMPORT_USERS: 'identity.users.import',
  UPDATE_USER: 'identity.users.update',
  RESET_PASSWORD: 'identity.users.reset-password',
  /** The caller's own password. */
  CHANGE_PASSWORD: 'identity.user.change-password',
  /** The gateway checked an OIDC id_token: find the person by (issuer, subject), or create them on first sign-in. */
  SSO_SIGN_IN: 'identity.sso.sign-in',
  /** The provider's (issuer, subject) of a person, for svc-progress' xAPI actor. */
  GET_SSO_ACCOUNT: 'identity.user.sso-account',
  /** Admins only: embed clients (issue 18), whose secret is shown once and kept hashed. */
  EMBED_CLIENTS_CREATE: 'identity.embed-clients.create',
  EMBED_CLIENTS_LIST: 'identity.embed-clients.list',
  EMBED_CLIENTS_REVOKE: 'identity.embed-clients.revoke',
  /** The gateway checks an embed client's credentials and finds the active person a token is for. */
  EMBED_CLIENTS_AUTHORIZE: 'identity.embed-clients.authorize',
  /** Whether an embed client still stands (a revoked client's tokens are refused). */
  EMBED_CLIENTS_ACTIVE: 'identity.embed-clients.active',
  HEALTH: 'identity.health',
} as const;
