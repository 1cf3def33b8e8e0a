// Jest globalSetup: the gateway's integration and provider tests run svc-identity from its compiled dist/.
const { buildServiceWhenStale } = require('../../../deploy/local/build-when-stale');

module.exports = async function buildIdentityWhenStale() {
  buildServiceWhenStale('svc-identity');
};
