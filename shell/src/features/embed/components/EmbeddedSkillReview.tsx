import type { ConfirmedSkillsHandoff } from '@masar/contracts';
import { useCallback, useState } from 'react';
import { RemoteJobDescriptionWorkflow } from '../../home/components/RemoteJobDescriptionWorkflow';
import { useConfirmedSkillsHandoff } from '../../home/hooks/useConfirmedSkillsHandoff';
import type { HostChannel } from '../host-channel';

/**
 * The home page's job-to-skills flow alone: paste or upload a posting, review its skills. A confirmed
 * review is reported to the host (ids and a count only) and generates the learning path as at home.
 */
export function EmbeddedSkillReview({ channel }: { channel: HostChannel }) {
  const [uploadOpen, setUploadOpen] = useState(false);
  const generateLearningPath = useConfirmedSkillsHandoff();
  const onSkillsConfirmed = useCallback(
    async (handoff: ConfirmedSkillsHandoff) => {
      channel.post({ type: 'masar:skills-confirmed', jobDescriptionId: handoff.jobDescriptionId, skillCount: handoff.confirmedSkills.length });
      await generateLearningPath(handoff);
    },
    [channel, generateLearningPath],
  );
  return <RemoteJobDescriptionWorkflow uploadOpen={uploadOpen} onUploadOpenChange={setUploadOpen} onSkillsConfirmed={onSkillsConfirmed} />;
}
