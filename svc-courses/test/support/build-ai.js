// Jest globalSetup: svc-courses' integration and provider tests run svc-ai from its compiled dist/
// (course creation asks it for skills and lessons).
const { buildServiceWhenStale } = require('../../../deploy/local/build-when-stale');

module.exports = async function buildAiWhenStale() {
  buildServiceWhenStale('svc-ai');
};
