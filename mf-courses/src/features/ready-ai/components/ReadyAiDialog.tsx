import type { AgentTask, CategoryCourse } from '@masar/contracts';
import { useState } from 'react';
import { useReadyAiCreation } from '../hooks/useReadyAiCreation';
import { useReadyAiTask } from '../hooks/useReadyAiTask';
import type { FollowedReadyAiTask } from '../ready-ai-progress';
import { toggleSelection } from '../ready-ai-selection';
import { ReadyAiProgressDialog } from './ReadyAiProgressDialog';
import { ReadyAiSelectionDialog } from './ReadyAiSelectionDialog';

export interface ReadyAiDialogProps {
  open: boolean;
  onClose: () => void;
  /** Tests quicken the polling; the portal asks every second. */
  pollIntervalMs?: number;
}

interface TaskFollowerProps {
  started: AgentTask;
  onChange: (followed: FollowedReadyAiTask) => void;
  pollIntervalMs?: number;
}

/** One per started task: hooks cannot be called in a loop, components can. */
function ReadyAiTaskFollower({ started, onChange, pollIntervalMs }: TaskFollowerProps) {
  useReadyAiTask(started, onChange, pollIntervalMs);
  return null;
}

/**
 * Ready AI from the Courses screen: picking up to 3 catalog courses, then the "Creating courses"
 * dialog that follows the tasks started for them.
 */
export function ReadyAiDialog({ open, onClose, pollIntervalMs }: ReadyAiDialogProps) {
  const [selection, setSelection] = useState<CategoryCourse[]>([]);
  const { flow, start, report, reset } = useReadyAiCreation();
  const picking = flow.step === 'selecting' || flow.step === 'starting';

  const close = () => {
    reset();
    setSelection([]);
    onClose();
  };

  return (
    <>
      <ReadyAiSelectionDialog
        open={open && picking}
        selection={selection}
        creating={flow.step === 'starting'}
        onToggle={(course) => setSelection((current) => toggleSelection(current, course))}
        onCancel={close}
        onCreate={() => void start(selection)}
      />
      <ReadyAiProgressDialog open={open && !picking} flow={flow} onClose={close} onBack={reset} />
      {open &&
        flow.step === 'following' &&
        flow.tasks.map(({ task }) => <ReadyAiTaskFollower key={task.id} started={task} onChange={report} pollIntervalMs={pollIntervalMs} />)}
    </>
  );
}
