// Stands in for src/features/remotes/remote-registry.ts in masar.js: the exposed modules are part of
// the bundle, so "loading a remote" is an import of its source, never the federation runtime.
export const REMOTE_NAMES = ['mf_courses', 'mf_jobroles', 'mf_progress', 'mf_agents'];

const BUNDLED = {
  'mf_jobroles/./JobDescriptionWorkflow': () => import('masar-workspace/mf-jobroles/src/exposes/JobDescriptionWorkflow.ts'),
  'mf_progress/./LearningPathsPage': () => import('masar-workspace/mf-progress/src/exposes/LearningPathsPage.ts'),
  'mf_progress/./ProgressPage': () => import('masar-workspace/mf-progress/src/exposes/ProgressPage.ts'),
  'mf_courses/./CoursesPage': () => import('masar-workspace/mf-courses/src/exposes/CoursesPage.ts'),
};

export async function loadRemoteModule(remote, exposedModule) {
  const load = BUNDLED[`${remote}/${exposedModule}`];
  if (!load) throw new Error(`masar.js does not include ${remote} ${exposedModule}`);
  return load();
}

export function readAppConfig() {
  return Promise.reject(new Error('masar.js reads no app config'));
}

export function forgetAppConfig() {}
