// The view models of working with many participants at once (docs/subjects.md): the import report, the pairing
// sheet, and the invitations (pairing links) of a project.
import { IMPORT_ERROR_CODES } from '../import-error';
import { arrayOf, boolean, dateTime, enumOf, integer, mapOf, nullableString, object, oneOf, ref, string, type Schema } from '../schema';

export const PARTICIPANT_SCHEMAS: Record<string, Schema> = {
  ImportErrorVM: object({
    row: integer('The line of the file (the header is line 1)'),
    column: string('The column at fault; empty for the row as a whole'),
    code: enumOf(IMPORT_ERROR_CODES, 'What the problem is, for a client to show in its own language (docs/subjects.md, "Import")'),
    params: mapOf(oneOf(string(), integer()), 'The values the problem names, by the placeholders of its text (max, row, group, role, ...)'),
    message: string('The problem in English'),
  }, ['row', 'column', 'code', 'params', 'message'], 'One problem of an import file.'),
  ImportRowVM: object({
    row: integer('The line of the file'),
    action: enumOf(['create', 'update', 'unchanged', 'error']),
    login: nullableString('The subject (after a commit, also of a created one)'),
    externalId: nullableString('Subject import'),
    email: nullableString('User import'),
  }, ['row', 'action'], 'What an import does with one row.'),
  ImportReportVM: object({
    created: integer(), updated: integer(), unchanged: integer(),
    errors: arrayOf(ref('ImportErrorVM')),
    rows: arrayOf(ref('ImportRowVM')),
    notMailed: arrayOf(string(), 'User import, after a commit: the logins whose activation mail was not sent (mail limit)'),
  }, ['created', 'updated', 'unchanged', 'errors', 'rows'], 'What an import did (or, as a dry run, would do).'),
  PairingSheetRequest: object({
    clientId: string('The app (OAuth client) to pair', { minLength: 1, maxLength: 255 }),
    logins: arrayOf(string(undefined, { minLength: 1, maxLength: 50 }), 'Subjects of the project, 1 to 500', { minItems: 1, maxItems: 500 }),
    persistent: boolean('A link that works until it expires instead of once'),
  }, ['clientId', 'logins'], 'Pairing links for many subjects of a project.'),
  PairingSheetEntry: object({
    login: string(), externalId: nullableString(), tokenName: string(), tokenUrl: string('Shown as the QR code'), timesOutAt: dateTime(),
  }, ['login', 'tokenName', 'tokenUrl', 'timesOutAt'], 'One subject\'s pairing link.'),
  MetaTokenDTO: object({
    tokenName: string(),
    subjectLogin: nullableString(),
    externalId: nullableString(),
    clientId: string(),
    persistent: boolean(),
    status: enumOf(['PENDING', 'USED', 'EXPIRED']),
    createdBy: nullableString('Unknown for links made before this was recorded'),
    createdAt: nullableString('ISO-8601 instant'),
    expiresAt: dateTime(),
    usedAt: nullableString('ISO-8601 instant of the (last) exchange'),
  }, ['tokenName', 'clientId', 'persistent', 'status', 'expiresAt'], 'A pairing link of a project (an invitation).'),
};
