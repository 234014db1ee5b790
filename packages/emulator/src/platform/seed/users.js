/**
 * Console users of the emulated account. An API key acts as the user named by its `user` field
 * (an e-mail), or as the owner when it names none. `attributes` are the user's stored row-level
 * security attributes (a dataset field name to the one value the user may see).
 * @typedef {object} ConsoleUser
 * @property {number} id
 * @property {string} email
 * @property {string} firstName
 * @property {boolean} admin Account administrator: manage access everywhere, may use `renderAs`.
 * @property {boolean} active False for a deactivated user.
 * @property {string[]} permissions For example `AuditLogManage`.
 * @property {Record<string, string>} attributes
 */

/** @returns {ConsoleUser[]} */
export function seedUsers() {
  return [
    { id: 1, email: 'owner@acme.example', firstName: 'Olivia', admin: true, active: true, permissions: ['AuditLogManage'], attributes: {} },
    { id: 2, email: 'analyst@acme.example', firstName: 'Ada', admin: false, active: true, permissions: [], attributes: { region: 'amer' } },
    { id: 3, email: 'former@acme.example', firstName: 'Fred', admin: false, active: false, permissions: [], attributes: {} },
    { id: 4, email: 'auditor@acme.example', firstName: 'Aud', admin: false, active: true, permissions: ['AuditLogManage'], attributes: {} },
  ];
}

/**
 * Embed tenants and the workbooks shared with each. Embed subjects in a tenant may only be
 * rendered for workbooks shared with it; subjects without a tenant belong to the account itself.
 * @returns {Array<{ name: string, sharedWorkbookIds: number[] }>}
 */
export function seedEmbedTenants() {
  return [
    { name: 'acme-eu', sharedWorkbookIds: [101, 102] },
    { name: 'acme-us', sharedWorkbookIds: [] },
  ];
}
