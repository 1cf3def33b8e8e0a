import type { LogoutReply } from '@masar/contracts';
import { useLogoutMutation } from '../auth.api';

/** The home page, or after a single sign-on the identity provider's logout (it ends that session too). */
export function pageAfterSignOut(reply: LogoutReply | undefined): string {
  return reply?.providerLogoutUrl ?? '/';
}

/**
 * Posts the logout, then loads `/` afresh whatever the answer (spec section 4): the
 * full reload also drops every cached answer of the previous session. After a single sign-on
 * the browser goes to the identity provider's logout instead, which ends that session too.
 */
export function useSignOut() {
  const [logout, { isLoading }] = useLogoutMutation();

  const signOut = async (): Promise<void> => {
    let reply: LogoutReply | undefined;
    try {
      reply = await logout().unwrap();
    } catch (error) {
      console.error('Logout call failed; leaving anyway', error);
    }
    window.location.assign(pageAfterSignOut(reply));
  };

  return { signOut, isSigningOut: isLoading };
}
