import { RobotOutlined } from '@ant-design/icons';
import type { CourseSearchResponse } from '@masar/contracts';
import { Alert, Button, Card, Flex } from 'antd';
import { Fragment, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { answerSegments } from '../citations';
import { resultTitle } from '../search-result';
import { AnswerAuthor } from './AnswerAuthor';

interface SearchAnswerCardProps {
  response: CourseSearchResponse;
  /** Selects the n-th result (1-based) and brings it into view. */
  onCite: (n: number) => void;
}

/** The AI answer, grounded in the first results and citing them as [n]; or why there is none. */
export function SearchAnswerCard({ response, onCite }: SearchAnswerCardProps) {
  const { t } = useTranslation('courses');
  const { answer, answerSource, answerProblem, chunks } = response;
  const segments = useMemo(() => answerSegments(answer, chunks.length), [answer, chunks.length]);

  return (
    <Card
      title={
        <Flex align="center" gap="small">
          <RobotOutlined aria-hidden />
          <h2 style={{ margin: 0, fontSize: 'inherit' }}>{t('search.answer.title')}</h2>
        </Flex>
      }
      extra={answerSource && !answerProblem ? <AnswerAuthor source={answerSource} testId="course-search-answer-source" /> : null}
      data-testid="course-search-answer"
      style={{ height: '100%' }}
    >
      <div aria-live="polite">
        {answerProblem ? (
          <Alert type="info" showIcon title={t('search.answer.unavailable')} description={answerProblem} data-testid="course-search-answer-problem" />
        ) : (
          <p dir="auto" style={{ whiteSpace: 'pre-line', margin: 0 }} data-testid="course-search-answer-text">
            {segments.map((segment, index) =>
              segment.kind === 'text' ? (
                <Fragment key={index}>{segment.text}</Fragment>
              ) : (
                <Button
                  key={index}
                  type="link"
                  size="small"
                  style={{ padding: 0, height: 'auto', verticalAlign: 'baseline' }}
                  onClick={() => onCite(segment.n)}
                  aria-label={t('search.answer.citation', { n: segment.n, title: resultTitle(chunks[segment.n - 1]) })}
                  data-testid="course-search-citation"
                >
                  [{segment.n}]
                </Button>
              ),
            )}
          </p>
        )}
      </div>
    </Card>
  );
}
