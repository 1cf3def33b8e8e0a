const { createWebpackConfig } = require('@masar/shell/webpack');

module.exports = (_env, argv) =>
  createWebpackConfig({
    projectRoot: __dirname,
    name: 'mf_progress',
    mode: argv.mode,
    exposes: {
      './ProgressPage': './src/exposes/ProgressPage.ts',
      './DashboardPage': './src/exposes/DashboardPage.ts',
      './LearningPathsPage': './src/exposes/LearningPathsPage.ts',
      './LearningPathOverview': './src/exposes/LearningPathOverview.ts',
    },
  });
