// The tags operations are grouped under, in the order the documentation shows them. Every entry's `doc.tag` must be
// one of these (test/server/api-docs.test.ts).
export const TAGS: { name: string; description: string }[] = [
  { name: 'Projects', description: 'Research projects, their source types and roles' },
  { name: 'Subjects', description: 'Participants: keyset-paged lists, create, update, discontinue, revisions' },
  { name: 'Sources', description: 'Devices and app installations, per project and per subject' },
  { name: 'Groups', description: 'Groups of subjects within a project' },
  { name: 'Organizations', description: 'Organizations and their projects' },
  { name: 'Users', description: 'Staff accounts, their roles, and the authorities that can be given' },
  { name: 'Roles', description: 'Role rows: an authority, global or on one organization or project' },
  { name: 'Source types', description: 'The catalogue of kinds of sources' },
  { name: 'Source data', description: 'The data streams of source types' },
  { name: 'OAuth clients', description: 'The OAuth clients of the platform\'s apps and services' },
  { name: 'Pairing', description: 'Pairing links (meta-tokens) that hand an app a refresh token' },
  { name: 'Revisions', description: 'The history of every change' },
  { name: 'Account', description: 'The signed-in user\'s own account, the password and the mailed-key flows' },
  { name: 'Sign-in', description: 'Browser sign-in and sessions' },
  { name: 'OAuth 2.0', description: 'The portal as OAuth 2.0 authorization server: tokens and public keys' },
  { name: 'Management', description: 'Monitoring for system administrators (health is public)' },
  { name: 'Public', description: 'What the client reads before anyone signs in' },
  { name: 'Documentation', description: 'This documentation (profile api-docs)' },
];
