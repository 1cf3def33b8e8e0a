// Jest globalSetup: svc-progress' learning-path tests run svc-courses from its compiled dist/
// (a path is planned from the courses it answers).
const { buildServiceWhenStale } = require('../../../deploy/local/build-when-stale');

module.exports = async function buildCoursesWhenStale() {
  buildServiceWhenStale('svc-courses');
};
