/** "undici" in a test file: the one copy of its Jest process (jest.config.js, tests/kit/jest-environment.ts). */
module.exports = sharedModule("undici");
