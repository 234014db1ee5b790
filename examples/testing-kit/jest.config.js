// jest for the example: jsdom, native ES modules (node --experimental-vm-modules), no transform.
export default { testEnvironment: 'jsdom', transform: {}, testMatch: ['**/*.test.js'] };
