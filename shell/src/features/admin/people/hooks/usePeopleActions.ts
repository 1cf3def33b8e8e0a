import type { CreateUserInput, User, UserRole } from '@masar/contracts';
import { showToast, toApiError } from '@masar/shell/runtime';
import { useTranslation } from 'react-i18next';
import type { AddPersonOutcome } from '../components/AddPersonForm';
import { useAddPersonMutation, useUpdatePersonMutation } from '../people.api';

export function fullName(user: Pick<User, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`;
}

/** The server's field-named message ("username: That username is already taken") split into field and words. */
function fieldMessage(serverMessage: string | undefined): { field?: keyof CreateUserInput; message?: string } {
  if (!serverMessage) return {};
  if (serverMessage === 'That username is already taken') return { field: 'username', message: serverMessage };
  const match = /^(username|password|firstName|lastName|email|role|preferredLanguage): (.+)$/.exec(serverMessage);
  return match ? { field: match[1] as keyof CreateUserInput, message: match[2] } : {};
}

/** Adding, deactivating, reactivating and promoting people, each with its toast (the server's words on failure). */
export function usePeopleActions() {
  const { t } = useTranslation('shell');
  const [addPersonMutation, addState] = useAddPersonMutation();
  const [updatePerson, updateState] = useUpdatePersonMutation();

  const failed = (caught: unknown) => {
    const error = toApiError(caught);
    showToast({ kind: 'error', title: t('people.toasts.failed'), description: error?.serverMessage ?? error?.message });
    return error;
  };

  const addPerson = async (person: CreateUserInput): Promise<AddPersonOutcome> => {
    try {
      const { user } = await addPersonMutation(person).unwrap();
      showToast({ kind: 'success', title: t('people.toasts.added', { name: fullName(user) }) });
      return { ok: true };
    } catch (caught) {
      const error = failed(caught);
      return { ok: false, ...fieldMessage(error?.serverMessage) };
    }
  };

  const setActive = async (user: User, active: boolean): Promise<void> => {
    try {
      await updatePerson({ id: user.id, changes: { active } }).unwrap();
      showToast({ kind: 'success', title: t(active ? 'people.toasts.reactivated' : 'people.toasts.deactivated', { name: fullName(user) }) });
    } catch (caught) {
      failed(caught);
    }
  };

  const setRole = async (user: User, role: UserRole): Promise<void> => {
    try {
      await updatePerson({ id: user.id, changes: { role } }).unwrap();
      showToast({ kind: 'success', title: t('people.toasts.roleChanged', { name: fullName(user), role: t(`people.roles.${role}`) }) });
    } catch (caught) {
      failed(caught);
    }
  };

  return { addPerson, isAdding: addState.isLoading, setActive, setRole, isUpdating: updateState.isLoading };
}
