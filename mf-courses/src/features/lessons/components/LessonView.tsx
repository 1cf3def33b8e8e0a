import {
  ArrowLeftOutlined,
  BulbOutlined,
  ClockCircleOutlined,
  InboxOutlined,
  LeftOutlined,
  RightOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { LessonDetail } from '@masar/contracts';
import { useCurrentUser, useDurationText } from '@masar/shell/runtime';
import { Button, Card, Flex, Result, Tag, theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { LessonCompletion } from '../../course-progress/components/LessonCompletion';
import { CourseUnavailable } from '../../courses/components/CourseUnavailable';
import { coursePath, findLessonNeighbours, lessonPath, paragraphsOf } from '../../courses/course-presentation';
import { useCourse } from '../../courses/hooks/useCourse';
import { LessonTypeIcon, lessonTypeColor } from '../lesson-types';
import { AiWrittenLabel } from '../../ai-labels/components/AiWrittenLabel';
import { NarrationPlayer } from '../../narration/components/NarrationPlayer';
import { PlayLessonAudioButton } from '../../narration/components/PlayLessonAudioButton';
import { exerciseReviewPath } from '../../lesson-practice/components/ExerciseReviewPage';
import { ExerciseWorkspace } from '../../lesson-practice/components/ExerciseWorkspace';
import { QuizStart } from '../../lesson-practice/components/QuizStart';
import { LessonIllustration } from '../../illustrations/components/LessonIllustration';
import { LessonEnhancements } from './LessonEnhancements';
import { LessonSources } from './LessonSources';
import { EditLessonButton } from '../../course-editing/components/EditLessonButton';
import { LessonVideoPlayer } from '../../lesson-video/components/LessonVideoPlayer';

function LessonParagraphs({ content }: { content: string }) {
  return (
    <div data-testid="lesson-content">
      {paragraphsOf(content).map((paragraph, index) => (
        // Single line breaks inside a paragraph (quiz questions and answers) stay as written.
        <Typography.Paragraph key={index} style={{ whiteSpace: 'pre-line' }} dir="auto">
          {paragraph}
        </Typography.Paragraph>
      ))}
    </div>
  );
}

function PointList({ title, icon, items, testId }: { title: string; icon: ReactNode; items: string[]; testId: string }) {
  if (items.length === 0) return null;
  return (
    <Card size="small" title={<Flex gap="small">{icon}{title}</Flex>} data-testid={testId}>
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        {items.map((item) => (
          <li key={item} dir="auto">
            {item}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** The body of each lesson type, as spec document 2 describes the lesson view. */
function LessonBody({ lesson, lang, courseSkills }: { lesson: LessonDetail; lang: string; courseSkills: string[] }) {
  const { token } = theme.useToken();
  const { t } = useTranslation('courses');
  const learningAids = (
    <>
      <PointList title={t('lesson.keyPoints')} icon={<BulbOutlined />} items={lesson.keyPoints} testId="lesson-key-points" />
      <PointList title={t('lesson.activities')} icon={<ThunderboltOutlined />} items={lesson.activities} testId="lesson-activities" />
    </>
  );

  switch (lesson.type) {
    case 'video':
      return (
        <>
          <LessonVideoPlayer lesson={lesson} />
          <LessonIllustration lesson={lesson} courseSkills={courseSkills} />
          <LessonParagraphs content={lesson.content} />
          {learningAids}
        </>
      );
    case 'reading':
      return (
        <>
          <LessonIllustration lesson={lesson} courseSkills={courseSkills} />
          <Typography.Title level={3} style={{ fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4 }}>{t('lesson.readingMaterial')}</Typography.Title>
          <LessonParagraphs content={lesson.content} />
          {learningAids}
        </>
      );
    case 'quiz':
      return (
        <>
          <Typography.Title level={3} style={{ fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4 }}>{t('lesson.knowledgeCheck')}</Typography.Title>
          <LessonParagraphs content={lesson.content} />
          {learningAids}
          <QuizStart key={lesson.id} lesson={lesson} lang={lang} />
        </>
      );
    case 'exercise':
      return (
        <>
          <Typography.Title level={3} style={{ fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4 }}>{t('lesson.practicalExercise')}</Typography.Title>
          <Typography.Text strong>{t('lesson.instructions')}</Typography.Text>
          <LessonParagraphs content={lesson.content} />
          {learningAids}
          <ExerciseWorkspace key={lesson.id} lesson={lesson} lang={lang} />
        </>
      );
  }
}

/** `/courses/:courseId/lessons/:lessonId`: one lesson, with previous and next across the whole course. */
export function LessonView() {
  const { courseId = '', lessonId = '' } = useParams();
  const { t } = useTranslation('courses');
  const durationText = useDurationText();
  const { isAdmin } = useCurrentUser();
  const navigate = useNavigate();
  const { course, failure, notFound, refetch } = useCourse(courseId);

  const back = (
    <Link to={coursePath(courseId)} data-testid="back-to-course">
      <ArrowLeftOutlined className="masar-flip-rtl" /> {t('lesson.backToCourse')}
    </Link>
  );
  const frame = (children: ReactNode, testId?: string) => (
    <Flex vertical gap="large" className="masar-page" style={{ maxWidth: 900, marginInline: 'auto' }} data-testid={testId}>
      {back}
      {children}
    </Flex>
  );

  if (!course) return frame(<CourseUnavailable failure={failure} notFound={notFound} onRetry={refetch} />);

  const place = findLessonNeighbours(course, lessonId);
  if (!place) {
    return frame(<Result status="404" title={t('lesson.notFound.title')} subTitle={t('lesson.notFound.hint')} data-testid="lesson-not-found" />);
  }

  const { current, previous, next, total } = place;
  const { lesson } = current;
  return frame(
    <>
      <Flex vertical gap="small">
        <Flex gap="small" wrap>
          <Tag color="geekblue" data-testid="lesson-module">
            {t('lesson.module', { number: current.moduleNumber })}
          </Tag>
          <Typography.Text type="secondary" dir="auto" lang="en">
            {current.module.title}
          </Typography.Text>
        </Flex>
        <Typography.Title level={2} style={{ margin: 0 }} dir="auto" lang="en">
          {lesson.title}
        </Typography.Title>
        <Flex gap="middle" align="center" wrap>
          <Typography.Text type="secondary">
            <ClockCircleOutlined /> {durationText(lesson.duration)}
          </Typography.Text>
          <Tag color={lessonTypeColor(lesson.type)} icon={<LessonTypeIcon type={lesson.type} />} data-testid="lesson-type">
            {t(`lessonTypes.${lesson.type}`)}
          </Tag>
          <Typography.Text type="secondary" data-testid="lesson-position">
            {t('lesson.position', { position: current.index + 1, total })}
          </Typography.Text>
          {isAdmin && <EditLessonButton courseId={course.id} lesson={lesson} />}
          {isAdmin && lesson.type === 'exercise' && (
            <Link to={exerciseReviewPath(course.id, lesson.id)} data-testid="review-submissions">
              <InboxOutlined /> {t('practice.review.open')}
            </Link>
          )}
          {/* Keyed by lesson: moving to another lesson stops this one's audio. */}
          <NarrationPlayer key={lesson.id}>
            <PlayLessonAudioButton
              target={{ courseId: course.id, moduleId: current.module.id, lessonId: lesson.id, title: lesson.title, text: lesson.content }}
            />
          </NarrationPlayer>
        </Flex>
        <AiWrittenLabel label={lesson.aiLabel} testId="lesson-ai-label" />
      </Flex>
      <Flex vertical gap="middle" lang={course.language ?? 'en'}>
        <LessonBody lesson={lesson} lang={course.language ?? 'en'} courseSkills={course.skills ?? []} />
      </Flex>
      <LessonSources sources={lesson.sources ?? []} />
      {isAdmin && <LessonEnhancements enhancements={lesson.enhancements ?? []} />}
      <LessonCompletion courseId={course.id} lessonId={lesson.id} />
      <Flex justify="space-between" gap="middle">
        <Button
          icon={<LeftOutlined className="masar-flip-rtl" />}
          disabled={!previous}
          onClick={() => previous && navigate(lessonPath(course.id, previous.lesson.id))}
          data-testid="previous-lesson"
        >
          {t('lesson.previous')}
        </Button>
        <Button
          type="primary"
          icon={<RightOutlined className="masar-flip-rtl" />}
          iconPlacement="end"
          disabled={!next}
          onClick={() => next && navigate(lessonPath(course.id, next.lesson.id))}
          data-testid="next-lesson"
        >
          {t('lesson.next')}
        </Button>
      </Flex>
    </>,
    'lesson-view',
  );
}
