import type { JobDescription, JobDescriptionSummary } from '@masar/contracts';
import { isNetworkError, showToast, toApiError, useAiNotice, useLanguage } from '@masar/shell/runtime';
import { Alert, Button, Divider, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadJobDescriptionModal } from '../../job-descriptions/components/UploadJobDescriptionModal';
import { useGenerateDemoJobMutation } from '../../job-descriptions/job-descriptions.api';
import { ReviewSkillsModal } from '../../skill-review/components/ReviewSkillsModal';
import {
  draftFromJobDescription,
  type ConfirmedSkillsHandoff,
  type OnSkillsConfirmed,
  type SkillDraft,
} from '../../skill-review/skill-draft';
import { JOB_ROLE_LABEL_KEYS, type PredefinedJobRole } from '../predefined-job-roles';
import { JobRoleSelectorCard } from './JobRoleSelectorCard';
import { SkillsOverview } from './SkillsOverview';
import { UploadJobDescriptionCard } from './UploadJobDescriptionCard';

/** The props of the exposed `./JobDescriptionWorkflow`; the shell's home page passes them. */
export interface JobDescriptionWorkflowProps {
  /**
   * The hand-off to learning-path generation: called once the reviewed set is saved, with
   * `{jobDescriptionId, jobTitle, confirmedSkills}`. While it runs the review reads
   * 'Generating Path...'; if it rejects, the review stays open.
   */
  onSkillsConfirmed: OnSkillsConfirmed;
  /** Lets the host open the upload modal too (the admins' Upload Job Description button). */
  uploadOpen?: boolean;
  onUploadOpenChange?: (open: boolean) => void;
}

/**
 * The home page's way from a job to reviewed skills (spec sections 2 and 4): the role selector,
 * OR, the upload card; then the Skills Overview with the review modal; Start Over goes back.
 */
export function JobDescriptionWorkflow({ onSkillsConfirmed, uploadOpen, onUploadOpenChange }: JobDescriptionWorkflowProps) {
  const { t } = useTranslation('jobroles');
  const { language } = useLanguage();
  const [role, setRole] = useState<PredefinedJobRole | undefined>(undefined);
  const [draft, setDraft] = useState<SkillDraft | null>(null);
  const [confirmed, setConfirmed] = useState<ConfirmedSkillsHandoff | null>(null);
  const [reviewOpen, setReviewOpen] = useState(false);
  const [ownUploadOpen, setOwnUploadOpen] = useState(false);
  const [generateDemoJob, generation] = useGenerateDemoJobMutation();
  const { ensureAccepted } = useAiNotice();
  /** Why the last generation failed, in the server's words when it gave them; shown with Retry. */
  const [generationError, setGenerationError] = useState<string | null>(null);

  const isUploadOpen = uploadOpen ?? ownUploadOpen;
  const setUploadOpen = (open: boolean) => {
    setOwnUploadOpen(open);
    onUploadOpenChange?.(open);
  };

  const review = (next: SkillDraft) => {
    setDraft(next);
    setConfirmed(null);
    setReviewOpen(true);
  };

  const generate = async () => {
    if (!role) {
      showToast({ kind: 'warning', title: t('toasts.noJobRole.title'), description: t('toasts.noJobRole.description') });
      return;
    }
    const roleLabel = t(JOB_ROLE_LABEL_KEYS[role]);
    setGenerationError(null);
    // The role's posting is analysed by AI: a learner accepts the AI-use notice first.
    if (!(await ensureAccepted())) return;
    try {
      // The learner's own job description of the role: picked again, it comes back with their review.
      const reply = await generateDemoJob({ jobRole: role, language }).unwrap();
      showToast({
        kind: 'success',
        title: t('toasts.generated.title'),
        description: t('toasts.generated.description', { role: roleLabel }),
      });
      review({ jobTitle: reply.title, skills: reply.extractedSkills, jobDescription: reply.jobDescription });
    } catch (error) {
      // No invented skills stand in: the person is told why, and may try again.
      const failure = toApiError(error);
      const reason = isNetworkError(failure)
        ? t('workflow.generationFailed.unreachable')
        : (failure?.serverMessage ?? t('toasts.generateFailed.description'));
      setGenerationError(reason);
      showToast({ kind: 'error', title: t('toasts.generateFailed.title'), description: reason });
    }
  };

  const onUploaded = (jobDescription: JobDescription) => review(draftFromJobDescription(jobDescription));

  const onReviewConfirmed = async (handoff: ConfirmedSkillsHandoff, saved: JobDescriptionSummary | null) => {
    try {
      await onSkillsConfirmed(handoff);
      setConfirmed(handoff);
      setReviewOpen(false);
    } finally {
      // Reopening the review shows what was saved, not the first extraction. Set afterwards:
      // a new draft restarts the review, which would drop its 'Generating Path...' state.
      if (saved) setDraft(draftFromJobDescription(saved));
    }
  };

  const startOver = () => {
    setRole(undefined);
    setGenerationError(null);
    setDraft(null);
    setConfirmed(null);
    setReviewOpen(false);
  };

  return (
    <Flex vertical data-testid="job-description-workflow">
      {draft ? (
        <SkillsOverview
          jobTitle={confirmed?.jobTitle ?? draft.jobTitle}
          skills={confirmed?.confirmedSkills ?? draft.skills}
          confirmed={confirmed !== null}
          onReview={() => setReviewOpen(true)}
          onStartOver={startOver}
        />
      ) : (
        <>
          <JobRoleSelectorCard
            role={role}
            generating={generation.isLoading}
            onRoleChange={(next) => {
              setRole(next);
              setGenerationError(null);
            }}
            onGenerate={() => void generate()}
          />
          {generationError !== null && !generation.isLoading && (
            <Alert
              type="error"
              showIcon
              style={{ marginTop: 12 }}
              title={t('workflow.generationFailed.title')}
              description={generationError}
              action={
                <Button size="small" onClick={() => void generate()} data-testid="generation-retry">
                  {t('workflow.generationFailed.retry')}
                </Button>
              }
              data-testid="generation-error"
            />
          )}
          <Divider plain>{t('workflow.or')}</Divider>
          <UploadJobDescriptionCard disabled={generation.isLoading} onUpload={() => setUploadOpen(true)} />
        </>
      )}
      <UploadJobDescriptionModal open={isUploadOpen} onClose={() => setUploadOpen(false)} onUploaded={onUploaded} />
      <ReviewSkillsModal
        open={reviewOpen && draft !== null}
        draft={draft ?? undefined}
        onCancel={() => setReviewOpen(false)}
        onConfirmed={onReviewConfirmed}
      />
    </Flex>
  );
}
