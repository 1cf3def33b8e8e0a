const { frontendJestConfig } = require('./testing/jest-preset');

const config = frontendJestConfig();

/** @type {import('jest').Config} */
module.exports = { ...config, roots: ['<rootDir>/src', '<rootDir>/testing', '<rootDir>/webpack'] };
