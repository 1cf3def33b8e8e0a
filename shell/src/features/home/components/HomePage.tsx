import { useCurrentUser } from '@masar/shell/runtime';
import { Col, Flex, Row, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoteModule } from '../../remotes/components/RemoteModule';
import { loadRemoteModule, type RemoteModuleLoader } from '../../remotes/remote-registry';
import { useConfirmedSkillsHandoff } from '../hooks/useConfirmedSkillsHandoff';
import { LEARNING_PATH_OVERVIEW } from '../learning-path-overview.remote';
import { AdminControls } from './AdminControls';
import { RemoteJobDescriptionWorkflow } from './RemoteJobDescriptionWorkflow';

export interface HomePageProps {
  /** Injected in tests; the federation runtime otherwise. */
  loadModule?: RemoteModuleLoader;
}

/**
 * The home page (spec section 2): mf-jobroles' flow from a role or a posting to reviewed skills
 * (role selector, OR, upload card, then the Skills Overview with the review), whose confirmation
 * generates a learning path; mf-progress' overview of the newest path; and the admins' controls,
 * whose Upload Job Description opens the same upload modal.
 */
export function HomePage({ loadModule }: HomePageProps) {
  const { t } = useTranslation('shell');
  const { user, isAdmin } = useCurrentUser();
  const [uploadOpen, setUploadOpen] = useState(false);
  const onSkillsConfirmed = useConfirmedSkillsHandoff();
  // The overview is placed once the workflow above it is on screen (or its error panel is): placed
  // earlier, its loading skeleton would jump down when the workflow replaced its spinner (a layout
  // shift of about 0.11 on a phone). Its code downloads meanwhile, so it is not late for that.
  const [workflowSettled, setWorkflowSettled] = useState(false);
  const onWorkflowSettled = useCallback(() => setWorkflowSettled(true), []);
  useEffect(() => {
    (loadModule ?? loadRemoteModule)(LEARNING_PATH_OVERVIEW.remote, LEARNING_PATH_OVERVIEW.module, { fresh: false }).catch(
      () => undefined, // the RemoteModule below loads it again and shows the error panel
    );
  }, [loadModule]);

  return (
    <Flex vertical gap="large" className="masar-page" data-testid="home-page">
      <div>
        <Typography.Title level={2} style={{ marginBottom: 4 }}>
          {t('home.welcome', { firstName: user?.firstName ?? '' })}
        </Typography.Title>
        <Typography.Text type="secondary">{t('home.subtitle')}</Typography.Text>
      </div>
      <Row justify="center">
        <Col xs={24} lg={16}>
          <RemoteJobDescriptionWorkflow
            loadModule={loadModule}
            uploadOpen={uploadOpen}
            onUploadOpenChange={setUploadOpen}
            onSkillsConfirmed={onSkillsConfirmed}
            onSettled={onWorkflowSettled}
          />
        </Col>
      </Row>
      {workflowSettled && (
        <Row justify="center">
          <Col xs={24} lg={16}>
            <RemoteModule remote={LEARNING_PATH_OVERVIEW.remote} module={LEARNING_PATH_OVERVIEW.module} loadModule={loadModule} />
          </Col>
        </Row>
      )}
      {isAdmin && (
        <Row justify="center">
          <Col xs={24} lg={16}>
            <AdminControls onUpload={() => setUploadOpen(true)} />
          </Col>
        </Row>
      )}
    </Flex>
  );
}
