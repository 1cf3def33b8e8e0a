/** @type {import('jest').Config} */
module.exports = { ...require('../jest.preset').nodePreset, roots: ['<rootDir>/src'] };
