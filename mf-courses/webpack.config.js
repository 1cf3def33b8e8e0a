const { createWebpackConfig } = require('@masar/shell/webpack');

module.exports = (_env, argv) =>
  createWebpackConfig({
    projectRoot: __dirname,
    name: 'mf_courses',
    mode: argv.mode,
    exposes: {
      './CoursesPage': './src/exposes/CoursesPage.ts',
      './CourseSearchPage': './src/exposes/CourseSearchPage.ts',
    },
  });
