// vitest for the example: describe/it/expect as globals (as in jest), so one test file runs in both.
export default { test: { globals: true, include: ['*.test.js'] } };
