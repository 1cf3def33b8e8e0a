import { findLocaleProblems } from '@masar/shell/testing';
import commonAr from '../runtime/locales/ar/common.json';
import commonEn from '../runtime/locales/en/common.json';
import shellAr from './ar/shell.json';
import shellEn from './en/shell.json';

describe('shell locale files', () => {
  it('give every shell string in English and in real Arabic', () => {
    expect(findLocaleProblems(shellEn, shellAr)).toEqual([]);
  });

  it('give every shared runtime string (toasts, form messages, Loading...) in English and in real Arabic', () => {
    expect(findLocaleProblems(commonEn, commonAr)).toEqual([]);
  });

  it('carry the spec texts word for word in English', () => {
    expect(shellEn.landing.hero.title).toBe('AI-Powered Learning Path Planner');
    expect(shellEn.landing.cta.title).toBe('Start Your Journey');
    expect(shellEn.login.signingIn).toBe('Signing in...');
    expect(shellEn.login.startingDemo).toBe('Starting Demo...');
    expect(shellEn.notFound.title).toBe('404 Page Not Found');
    expect(shellEn.toasts.loginFailed).toEqual({ title: 'Login Failed', fallback: 'Invalid credentials' });
    expect(shellEn.toasts.loginError).toEqual({ title: 'Login Error', description: 'Unable to connect to server' });
    expect(shellEn.toasts.demoError).toEqual({ title: 'Demo Login Error', description: 'Unable to start demo session' });
    expect(shellEn.toasts.learningPathGenerated.title).toBe('Learning path generated successfully');
    expect(shellEn.toasts.learningPathFailed).toEqual({ title: 'Error', description: 'Failed to generate learning path: {{message}}' });
    expect(commonEn.loading).toBe('Loading...');
    expect(commonEn.toasts.unauthorized).toEqual({ title: 'Unauthorized', description: 'You are logged out. Logging in again...' });
    expect(Object.values(commonEn.forms)).toEqual([
      'This field is required',
      'Invalid input',
      'Too short',
      'Too long',
      'Invalid email address',
      'Passwords do not match',
    ]);
  });
});
