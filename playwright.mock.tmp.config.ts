import base from './playwright.config';
export default { ...base, webServer: { ...base.webServer, command: 'node /tmp/mock/server.mjs' } };
