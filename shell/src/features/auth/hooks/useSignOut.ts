import { useLogoutMutation } from '../auth.api';

/**
 * Posts the logout, then loads `/` afresh whatever the answer (spec section 4): the
 * full reload also drops every cached answer of the previous session.
 */
export function useSignOut() {
  const [logout, { isLoading }] = useLogoutMutation();

  const signOut = async (): Promise<void> => {
    try {
      await logout().unwrap();
    } catch (error) {
      console.error('Logout call failed; leaving anyway', error);
    }
    window.location.assign('/');
  };

  return { signOut, isSigningOut: isLoading };
}
