/** @type {import('jest').Config} */
// The deployment's own checks: the Kubernetes manifests render and validate (k8s/manifests.spec.js), and the arithmetic of bench:scale (bench/scale-load.spec.js).
module.exports = { testEnvironment: 'node', roots: ['<rootDir>/k8s', '<rootDir>/bench'], testMatch: ['**/*.spec.js'] };
