const { frontendJestConfig } = require('@masar/shell/testing/jest-preset');

/** @type {import('jest').Config} */
module.exports = frontendJestConfig();
