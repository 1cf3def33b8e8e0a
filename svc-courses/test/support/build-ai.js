// Jest globalSetup: svc-courses' integration and provider tests run svc-ai from its compiled dist/
// (course creation asks it for skills and lessons), and the restart test runs svc-courses' own
// build as a process it can kill.
const { buildServiceWhenStale } = require('../../../deploy/local/build-when-stale');

module.exports = async function buildServicesWhenStale() {
  buildServiceWhenStale('svc-ai');
  buildServiceWhenStale('svc-courses');
};
