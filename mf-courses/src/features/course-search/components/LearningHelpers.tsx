import type { CourseSearchChunk, Language, LearningHelperAction, LearningHelperReply } from '@masar/contracts';
import { LANGUAGE_NAMES, showToast, toApiError, useAiNotice, useLanguage } from '@masar/shell/runtime';
import { Alert, Button, Checkbox, Flex, Skeleton, theme, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLearningHelperMutation } from '../course-search.api';
import { LEARNING_HELPERS } from '../learning-helpers';

/** The markdown renderer loads with the first answer, not with the search page. */
const HelperAnswer = lazy(() => import('./HelperAnswer').then((module) => ({ default: module.HelperAnswer })));

/** Refusals whose reason the learner can act on: the feature switched off (403), the monthly budget spent (429). */
const CLEAR_REFUSALS = new Set<unknown>([403, 429]);

interface HelperOutcome {
  action: LearningHelperAction;
  /** The language the answer was asked in. */
  language: Language;
  reply?: LearningHelperReply;
  /** The server's reason, when it refused clearly. */
  refusal?: string;
}

/**
 * The six AI learning helpers on one result; the answer of the last one pressed shows below them.
 * They work on the passage's whole text, so they wait (disabled) until it has been read.
 */
export function LearningHelpers({ chunk, fullText, query }: { chunk: CourseSearchChunk; fullText: string | undefined; query: string }) {
  const { token } = theme.useToken();
  const { t } = useTranslation('courses');
  const { language: uiLanguage } = useLanguage();
  const { ensureAccepted } = useAiNotice();
  const [runHelper] = useLearningHelperMutation();
  const [pending, setPending] = useState<LearningHelperAction | null>(null);
  const [outcome, setOutcome] = useState<HelperOutcome | null>(null);
  // Answers come in the passage's language unless the learner asks for the interface's.
  const [inUiLanguage, setInUiLanguage] = useState(false);
  const offerUiLanguage = uiLanguage !== chunk.language;
  const answerLanguage = offerUiLanguage && inUiLanguage ? uiLanguage : chunk.language;

  const run = async (action: LearningHelperAction) => {
    if (pending || fullText === undefined) return;
    if (!(await ensureAccepted())) return; // an AI writes the answer: the AI-use notice comes first
    setPending(action);
    try {
      const reply = await runHelper({
        action,
        query,
        content: fullText,
        context: { courseTitle: chunk.courseTitle, moduleTitle: chunk.moduleTitle, lessonTitle: chunk.lessonTitle },
        courseId: chunk.courseId,
        ...(chunk.lessonId ? { lessonId: chunk.lessonId } : {}),
        ...(answerLanguage === chunk.language ? {} : { language: answerLanguage }),
      }).unwrap();
      setOutcome({ action, language: answerLanguage, reply });
    } catch (error) {
      const failure = toApiError(error);
      const refusal = failure && CLEAR_REFUSALS.has(failure.status) ? failure.serverMessage : undefined;
      showToast({ kind: 'error', title: t('search.helpers.failed'), description: refusal });
      setOutcome({ action, language: answerLanguage, refusal });
    } finally {
      setPending(null);
    }
  };

  return (
    <section aria-labelledby={`helpers-${chunk.id}`} data-testid="learning-helpers">
      <Typography.Title level={4} style={{ fontSize: token.fontSizeHeading5, lineHeight: token.lineHeightHeading5 }} id={`helpers-${chunk.id}`}>
        {t('search.helpers.title')}
      </Typography.Title>
      <Flex vertical gap="middle">
        <Flex wrap gap="small" role="group" aria-label={t('search.helpers.title')}>
          {LEARNING_HELPERS.map(({ action, icon }) => (
            <Button
              key={action}
              icon={icon}
              loading={pending === action}
              disabled={fullText === undefined || (pending !== null && pending !== action)}
              onClick={() => void run(action)}
              data-testid="learning-helper"
              data-action={action}
            >
              {t(`search.helpers.actions.${action}`)}
            </Button>
          ))}
        </Flex>
        {offerUiLanguage && (
          <Checkbox checked={inUiLanguage} onChange={(event) => setInUiLanguage(event.target.checked)} data-testid="learning-helper-in-ui-language">
            {t('search.helpers.answerIn', { language: LANGUAGE_NAMES[uiLanguage] })}
          </Checkbox>
        )}
        <div aria-live="polite" data-testid="learning-helper-output">
          {outcome?.reply && (
            <Suspense fallback={<Skeleton active />}>
              <HelperAnswer title={t(`search.helpers.actions.${outcome.action}`)} reply={outcome.reply} language={outcome.language} />
            </Suspense>
          )}
          {outcome && !outcome.reply && (
            <Alert type="error" showIcon title={t('search.helpers.failed')} description={outcome.refusal} data-testid="learning-helper-error" />
          )}
        </div>
      </Flex>
    </section>
  );
}
