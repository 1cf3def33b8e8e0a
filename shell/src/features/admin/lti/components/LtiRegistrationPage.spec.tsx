import { buildUser, jsonResponse, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { screen } from '@testing-library/react';
import { LtiRegistrationPage } from './LtiRegistrationPage';

const admin = buildUser({ role: 'admin', username: 'admin' });
const registration = {
  loginUrl: 'https://masar.example.com/api/lti/login',
  launchUrl: 'https://masar.example.com/api/lti/launch',
  jwksUrl: 'https://masar.example.com/api/lti/jwks',
  deepLinkingUrl: 'https://masar.example.com/api/lti/launch',
  platforms: [{ name: 'School Moodle', issuer: 'https://lms.school.example', clientId: 'masar-tool', deploymentIds: ['1', '2'] }],
};

describe('LtiRegistrationPage', () => {
  it('shows the URLs an LMS admin pastes and the registered platforms', async () => {
    stubGateway({ 'GET /api/lti/registration': () => jsonResponse(registration) }, admin);
    renderWithMasar(<LtiRegistrationPage />);
    expect((await screen.findByTestId('lti-login-url')).textContent).toContain(registration.loginUrl);
    expect(screen.getByTestId('lti-launch-url').textContent).toContain(registration.launchUrl);
    expect(screen.getByTestId('lti-jwks-url').textContent).toContain(registration.jwksUrl);
    expect(screen.getByTestId('lti-deep-linking-url').textContent).toContain(registration.deepLinkingUrl);
    expect(screen.getByText('School Moodle')).toBeTruthy();
    expect(screen.getByText('1, 2')).toBeTruthy();
  });

  it('says that LTI is not configured when the gateway answers 404', async () => {
    stubGateway({ 'GET /api/lti/registration': () => jsonResponse({ statusCode: 404, message: 'LTI is not configured for this Masar' }, 404) }, admin);
    renderWithMasar(<LtiRegistrationPage />);
    expect((await screen.findByTestId('lti-registration-error')).textContent).toMatch(/LTI is not configured for this Masar\. Set LTI_PLATFORMS/);
  });
});
