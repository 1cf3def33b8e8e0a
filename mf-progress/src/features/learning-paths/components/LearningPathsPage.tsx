import { HomeOutlined } from '@ant-design/icons';
import type { LearningPath } from '@masar/contracts';
import { toApiError } from '@masar/shell/runtime';
import { Alert, Button, Card, Col, Empty, Flex, Row, Skeleton, Typography, theme } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import { useLocaleFormatting } from '../../../components/useLocaleFormatting';
import { useGetProgressOverviewQuery } from '../../progress/progress.api';
import { courseStatuses } from '../learning-path-plan';
import { learningPathUrl } from '../learning-path-url';
import { useListLearningPathsQuery } from '../learning-paths.api';
import { LearningPathDetail } from './LearningPathDetail';

function PathPicker({ paths, selectedId }: { paths: LearningPath[]; selectedId: string | undefined }) {
  const { t } = useTranslation('learningPaths');
  const { formatDate, formatNumber } = useLocaleFormatting();
  const { token } = theme.useToken();
  return (
    <nav aria-label={t('page.yourPaths')} data-testid="learning-path-picker">
      <Flex vertical gap="small">
        {paths.map((path) => {
          const selected = path.id === selectedId;
          return (
            <Link
              key={path.id}
              to={learningPathUrl(path.id)}
              aria-current={selected ? 'page' : undefined}
              data-testid="learning-path-item"
            >
              <Card
                size="small"
                hoverable
                style={{
                  borderColor: selected ? token.colorPrimary : undefined,
                  borderInlineStartWidth: selected ? 4 : undefined,
                }}
              >
                <Typography.Text strong dir="auto">
                  {path.jobTitle}
                </Typography.Text>
                <br />
                <Typography.Text type="secondary">
                  {t('page.created', { date: formatDate(path.createdAt) })}
                  {' · '}
                  {t('page.courseCount', { courses: formatNumber(path.courses.length) })}
                </Typography.Text>
              </Card>
            </Link>
          );
        })}
      </Flex>
    </nav>
  );
}

function LearningPathsScreen() {
  const { token } = theme.useToken();
  const { t } = useTranslation('learningPaths');
  const navigate = useNavigate();
  const { id } = useParams<{ id?: string }>();
  const paths = useListLearningPathsQuery();
  // Statuses are a nicety on this screen: without them every course reads Pending.
  const overview = useGetProgressOverviewQuery();
  const statuses = useMemo(() => courseStatuses(overview.data), [overview.data]);
  const failure = toApiError(paths.error);
  const list = paths.data;
  const selected = id === undefined ? list?.[0] : list?.find((path) => path.id === id);

  let body: ReactNode;
  if (failure && !list) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('page.loadFailed')}
        description={failure.serverMessage ?? failure.message}
        action={
          <Button onClick={() => void paths.refetch()} data-testid="learning-paths-retry">
            {t('page.retry')}
          </Button>
        }
        data-testid="learning-paths-error"
      />
    );
  } else if (!list) {
    body = (
      <Card data-testid="learning-paths-loading" aria-busy="true">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  } else if (list.length === 0) {
    body = (
      <Card>
        <Empty
          data-testid="learning-paths-empty"
          description={
            <>
              <Typography.Title level={3} style={{ fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4 }}>{t('page.empty.title')}</Typography.Title>
              <Typography.Text type="secondary">{t('page.empty.hint')}</Typography.Text>
            </>
          }
        >
          <Button type="primary" onClick={() => navigate('/')}>
            {t('page.empty.chooseRole')}
          </Button>
        </Empty>
      </Card>
    );
  } else {
    body = (
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={7}>
          <Typography.Title level={3} style={{ fontSize: token.fontSizeHeading5, lineHeight: token.lineHeightHeading5, marginBlockStart: 0 }}>
            {t('page.yourPaths')}
          </Typography.Title>
          <PathPicker paths={list} selectedId={selected?.id} />
        </Col>
        <Col xs={24} lg={17}>
          {selected ? (
            <LearningPathDetail key={selected.id} path={selected} statuses={statuses} />
          ) : (
            <Card>
              <Empty data-testid="learning-path-not-found" description={t('page.notFound.title')}>
                <Link to="/learning-paths">
                  <Button>{t('page.notFound.back')}</Button>
                </Link>
              </Empty>
            </Card>
          )}
        </Col>
      </Row>
    );
  }

  return (
    <Flex vertical gap="large" style={{ maxWidth: 1280, marginInline: 'auto' }} data-testid="learning-paths-page">
      <Flex align="center" gap="middle">
        <Button icon={<HomeOutlined />} onClick={() => navigate('/')} aria-label={t('page.home')} title={t('page.home')} />
        <div>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {t('page.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('page.subtitle')}</Typography.Text>
        </div>
      </Flex>
      {body}
    </Flex>
  );
}

/** Everything under `/learning-paths/*`, which the shell hands to this remote. */
export function LearningPathsPage() {
  return (
    <Routes>
      <Route index element={<LearningPathsScreen />} />
      <Route path=":id" element={<LearningPathsScreen />} />
      <Route path="*" element={<Navigate to="/learning-paths" replace />} />
    </Routes>
  );
}
