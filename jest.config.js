/** Jest: every layer's tests, transpiled by SWC (decorator metadata kept for MikroORM/type-graphql). */
const esmOnly = ['agenda', '@agendajs', '@seriousme', 'jose', 'nodemailer', 'smtp-server', 'sofa-api', 'pdfjs-dist', 'p-limit', 'yocto-queue', 'eslint-plugin-regexp', 'jsdoc-type-pratt-parser', 'comment-parser'];
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.(t|j|mj)s$': ['@swc/jest', {
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
        target: 'es2022', keepClassNames: true,
      },
      module: { type: 'commonjs' },
    }],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 60000,
  maxWorkers: 2,
  // A worker that holds more than this after a test file is replaced before the next one: each file
  // loads the app's modules afresh and some (ORM metadata, compiled schemas) outlive the file, so a
  // worker that ran ~150 of them reached V8's 4 GB heap limit and crashed in a full run.
  workerIdleMemoryLimit: '1500MB',
  // Agenda arms an uncancellable watchdog timer per job run (lockLifetime / 2, up to 5 minutes) that
  // outlives app.stop(); without this a single test file waited minutes after its last test. The
  // service itself exits explicitly on SIGTERM/SIGINT (src/main.ts).
  forceExit: true,
};
