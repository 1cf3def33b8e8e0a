import { readableErrorMessage, useToast } from '@masar/shell/runtime';
import { useTranslation } from 'react-i18next';
import { type AgentTaskControl, useControlAgentTaskMutation } from '../agent-tasks.api';

/** Pause, resume or cancel a task; a refusal (a finished task, someone else's) is shown with the server's words. */
export function useAgentTaskControl() {
  const { t } = useTranslation('agents');
  const toast = useToast();
  const [control, state] = useControlAgentTaskMutation();
  const run = async (id: string, action: AgentTaskControl) => {
    try {
      await control({ id, control: action }).unwrap();
    } catch (error) {
      toast({ kind: 'error', title: t(`agents.controls.${action}Failed`), description: readableErrorMessage(error) });
    }
  };
  return { run, pending: state.isLoading, pendingId: state.originalArgs?.id };
}
