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
  HEALTH: 'identity.health',
} as const;
