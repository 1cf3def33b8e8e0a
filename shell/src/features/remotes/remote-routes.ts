import type { RemoteName } from './remote-registry';

/** Which remote owns which route (issue 2, "each remote owns its routes"). */
export interface RemoteRoute {
  path: string;
  remote: RemoteName;
  module: string;
  adminOnly?: boolean;
}

export const REMOTE_ROUTES: RemoteRoute[] = [
  { path: '/job-roles/*', remote: 'mf_jobroles', module: './JobRolesPage' },
  { path: '/courses/*', remote: 'mf_courses', module: './CoursesPage' },
  { path: '/course-search', remote: 'mf_courses', module: './CourseSearchPage' },
  { path: '/progress', remote: 'mf_progress', module: './ProgressPage' },
  { path: '/learning-paths/*', remote: 'mf_progress', module: './LearningPathsPage' },
  { path: '/dashboard', remote: 'mf_progress', module: './DashboardPage', adminOnly: true },
  { path: '/ai-agents', remote: 'mf_agents', module: './AgentsPage' },
  // The prompt template editor (issue 12): admins only, and svc-ai checks the role again.
  { path: '/ai-agents/prompts', remote: 'mf_agents', module: './PromptsPage', adminOnly: true },
  // AI governance (issue 12): the call log, features, budgets and the AI-use notice; admins only, checked again by the gateway.
  { path: '/ai-agents/governance', remote: 'mf_agents', module: './GovernancePage', adminOnly: true },
  { path: '/quality', remote: 'mf_agents', module: './QualityPage', adminOnly: true },
];
