/** @type {import('jest').Config} */
// The deployment's own checks: the Kubernetes manifests render and validate (k8s/manifests.spec.js).
module.exports = { testEnvironment: 'node', roots: ['<rootDir>/k8s'], testMatch: ['**/*.spec.js'] };
