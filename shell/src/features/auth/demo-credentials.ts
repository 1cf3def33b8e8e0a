/**
 * The demo learner svc-identity creates on first start (its documented defaults); the
 * login screen shows them so visitors can try the product (spec section 2).
 */
export const DEMO_CREDENTIALS = { username: 'demo', password: 'demo123' } as const;
