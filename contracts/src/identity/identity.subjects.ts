/** NATS subjects answered by svc-identity. Never rename one without a migration plan. */
export const IDENTITY_SUBJECTS = {
  VERIFY_CREDENTIALS: 'identity.credentials.verify',
  GET_USER: 'identity.user.get',
  GET_DEMO_USER: 'identity.user.demo',
  UPDATE_PROFILE: 'identity.user.update-profile',
  LIST_USERS: 'identity.users.list',
  HEALTH: 'identity.health',
} as const;
