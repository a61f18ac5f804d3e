// The view models beside the entity DTOs: OAuth clients and pairing, revisions, monitoring, the small view models,
// and the error bodies (docs/api-conventions.md, "Errors").
import { REVISION_TYPES } from '../dto';
import {
  anything, arrayOf, boolean, dateTime, enumOf, integer, listOf, mapOf, nullableString, number, object, oneOf, ref, string, stringMap, type Schema,
} from '../schema';

const strings = (description?: string) => arrayOf(string(), description);
const anyObject = (description: string): Schema => mapOf(anything(), description);
const changesByKind = (description: string): Schema =>
  mapOf(arrayOf(anyObject('The entity DTO as it was saved')), description, { example: { subject: [{ login: 'sub-1' }] } });

export const OTHER_SCHEMAS: Record<string, Schema> = {
  ClientDetailsDTO: object({
    clientId: string(undefined, { example: 'aRMT' }),
    clientSecret: nullableString('Write-only: always null in answers; stored hashed'),
    scope: strings('Permission scopes, e.g. SUBJECT.READ'),
    resourceIds: strings(),
    authorizedGrantTypes: strings('authorization_code, refresh_token, password, client_credentials'),
    autoApproveScopes: strings(),
    accessTokenValiditySeconds: integer(undefined, { nullable: true }),
    refreshTokenValiditySeconds: integer(undefined, { nullable: true }),
    authorities: strings(),
    registeredRedirectUri: strings(),
    additionalInformation: mapOf(oneOf(string(), boolean(), number()),
      'Strings in answers, e.g. {"dynamic_registration": "true"} or {"protected": "true"}; booleans and numbers sent are stored as strings'),
  }, ['clientId'], 'An OAuth client of the platform (docs/oauth.md).'),
  ClientPairInfoDTO: object({
    tokenName: string(),
    tokenUrl: string('Shown as the QR code; GET it once to get a refresh token'),
    baseUrl: string(),
    timeout: integer('Milliseconds'),
    timesOutAt: dateTime(),
  }, ['tokenName', 'tokenUrl', 'baseUrl', 'timeout', 'timesOutAt'], 'A pairing link for an app (docs/oauth.md).'),
  TokenDTO: object({ refreshToken: string(), baseUrl: string(), privacyPolicyUrl: string() },
    ['refreshToken', 'baseUrl', 'privacyPolicyUrl'], 'What an app gets for a meta-token (docs/oauth.md).'),
  OAuthTokenResponse: object({
    access_token: string('A JWT signed with ES256 (RS256 with an RSA SIGNING_KEY_FILE or key store signing alias)'),
    token_type: enumOf(['bearer']),
    refresh_token: string('Single-use; a new one comes with every refresh'),
    expires_in: integer('Seconds'),
    scope: string('Space separated'),
    sub: string(),
    roles: strings('"<project>:<ROLE_…>" or a global "ROLE_…"'),
    sources: strings(),
    iat: integer(),
    iss: string(),
    grant_type: string(),
    jti: string(),
  }, ['access_token', 'token_type', 'expires_in', 'scope'], 'The token endpoint\'s answer (docs/oauth.md).'),
  TokenKeySet: object({
    keys: arrayOf(object({
      alg: enumOf(['ES256', 'RS256']), kty: enumOf(['EC', 'RSA']),
      value: string('"-----BEGIN EC PUBLIC KEY-----" (RSA: "-----BEGIN PUBLIC KEY-----"), the base64 of the DER SubjectPublicKeyInfo, the matching END line; "\\n" between'),
      x5c: strings('Key store keys only: the certificate chain, base64 DER, the key\'s own first'),
      x5t: string('Key store keys only: base64url SHA-1 thumbprint of the key\'s certificate'),
    })),
  }, ['keys'], 'The public keys in ManagementPortal\'s own form (docs/oauth.md).'),
  JsonWebKeySet: object({
    keys: arrayOf(object({
      kty: string('EC, or RSA for an RSA key from SIGNING_KEY_FILE or a key store'), crv: string(), x: string(), y: string(),
      n: string('RSA only'), e: string('RSA only'), kid: string(), alg: string('ES256, or RS256 for an RSA key'), use: string(),
      x5c: strings('Key store keys only: the certificate chain, base64 DER, the key\'s own first'),
      x5t: string('Key store keys only: base64url SHA-1 thumbprint of the key\'s certificate'),
    })),
  }, ['keys'], 'The public keys as an RFC 7517 JWK Set.'),
  RevisionInfoDTO: object({
    id: integer(),
    timestamp: string('yyyy-MM-dd\'T\'HH:mm:ss.SSS+00:00'),
    author: string('Login of the author, or system'),
    changes: object({
      ADD: changesByKind('Added entities by kind (subject, project, source, sourcetype, sourcedata, user, role, organization)'),
      MOD: changesByKind('Modified entities by kind'),
      DEL: changesByKind('Deleted entities by kind'),
    }, ['ADD', 'MOD', 'DEL']),
  }, ['id', 'timestamp', 'author', 'changes'], 'One revision with all its changes.'),
  RevisionDTO: object({
    id: integer('Revision number'),
    timestamp: dateTime(),
    author: string(),
    entity: ref('SubjectDTO'),
    revisionType: enumOf(REVISION_TYPES),
  }, ['id', 'timestamp', 'author', 'entity', 'revisionType'], 'An entity as of one revision.'),
  AuditEvent: object({ timestamp: dateTime(), principal: string(), type: string(undefined, { example: 'AUTHENTICATION_SUCCESS' }), data: stringMap() }, [],
    'An audit event; empty fields are left out (docs/management.md).'),
  SessionDTO: object({
    id: string('The public id of the session (not its cookie, nor the hash of it)'), createdAt: dateTime('Signed in at'),
    lastUsedAt: dateTime('Last request, to the minute'), expiresAt: dateTime(), remoteAddress: nullableString('Client address at sign-in'),
    userAgent: nullableString('User-Agent at sign-in'), browser: nullableString('The User-Agent in readable form', { example: 'Firefox 128 on Windows' }),
    current: boolean('The session of this request'),
  }, ['id', 'createdAt', 'lastUsedAt', 'expiresAt', 'current'], 'A browser session of the signed-in user (docs/users.md, Sessions).'),
  SiteSettings: object({ hiddenSubjectFields: arrayOf(enumOf(['person_name', 'date_of_birth', 'group'])) }, ['hiddenSubjectFields']),
  ProfileInfo: object({ activeProfiles: strings('e.g. prod, dev, api-docs') }, ['activeProfiles']),
  LoggerVM: object({ name: string(), level: enumOf(['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR']) }, ['name', 'level'], 'A logger and its level.'),
  KeyAndPasswordVM: object({ key: string('The key of the mailed link'), newPassword: string(undefined, { minLength: 8, maxLength: 100 }) }, [],
    'Both are needed: a missing newPassword is error.weakPassword, a missing key error.invalidKey', { required: ['key', 'newPassword'] }),
  Health: object({
    status: enumOf(['UP', 'DOWN']),
    components: object({
      db: object({ status: enumOf(['UP', 'DOWN']), details: anyObject('database, validationQuery, responseTimeMs or error') }),
      diskSpace: object({ status: enumOf(['UP', 'DOWN']), details: anyObject('total, free, threshold (bytes) or error') }),
      workers: object({ status: enumOf(['UP', 'DOWN']), details: anyObject('expected, up, workers (id, pid, status); only with WORKERS above 1') }),
    }),
  }, ['status', 'components'], 'Health of the database, the data disk and, with several worker processes, each of them; 503 with the same body when DOWN.'),
  Metrics: anyObject('JHipster metrics: jvm, processMetrics, garbageCollector, http.server.requests, services, databases, cache'),
  ThreadDump: object({ threads: arrayOf(anyObject('threadName, threadId, threadState, stackTrace, …')) }, ['threads']),
  SwaggerConfig: object({
    configUrl: string(), url: string(), urls: arrayOf(object({ name: string(), url: string() }, ['name', 'url'])), validatorUrl: string(),
  }, ['url', 'urls'], 'Configuration for swagger-ui\'s configUrl.'),
  FieldErrorVM: object({
    objectName: string(undefined, { example: 'groupDTO' }),
    field: string(undefined, { example: 'name' }),
    message: string('"<ConstraintCode>: <default message>"', { example: 'NotNull: must not be null' }),
  }, ['objectName', 'field', 'message']),
  ErrorVM: object({
    message: nullableString('An error key, e.g. error.validation or error.accessDenied'),
    description: nullableString(),
    fieldErrors: { ...listOf('FieldErrorVM'), nullable: true },
  }, ['message', 'description', 'fieldErrors'], 'The ErrorVM error body (docs/api-conventions.md).'),
  ParameterizedErrorVM: object({
    message: string('Human readable (English)'),
    entityName: string(undefined, { example: 'project' }),
    errorCode: nullableString(undefined, { example: 'error.projectNameNotFound' }),
    params: stringMap('Always has timestamp (yyyy-MM-dd HH:mm:ss), plus extra parameters'),
  }, ['message', 'entityName', 'errorCode', 'params'],
  'The parameterized error body (RadarWebApplicationExceptionVM); X-managementPortalApp-error carries errorCode and -params entityName.'),
  UnauthorizedVM: object({ error: string(undefined, { example: 'Unauthorized' }), status: integer(undefined, { example: 401 }), message: string(), path: string() },
    ['error', 'status', 'message', 'path'], 'The 401 body of the security layer.'),
  ErrorBody: { ...oneOf(ref('ErrorVM'), ref('ParameterizedErrorVM')), description: 'One of the two error shapes; a failure alert may also come with an empty body.' },
};
