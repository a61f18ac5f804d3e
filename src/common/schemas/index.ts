// The named schemas a route's body may `ref`: the entity DTOs and the other view models. The router checks request
// bodies against them (server/http/route.ts) and the API document lists them as its components.
import type { Registry } from '../schema';
import { ENTITY_SCHEMAS } from './entities';
import { OTHER_SCHEMAS } from './other';
import { ACTIVITY_SCHEMAS } from './activity';
import { PARTICIPANT_SCHEMAS } from './participants';
import { PRIVACY_SCHEMAS } from './privacy';

export const COMPONENT_SCHEMAS: Registry = { ...ENTITY_SCHEMAS, ...OTHER_SCHEMAS, ...PARTICIPANT_SCHEMAS, ...ACTIVITY_SCHEMAS, ...PRIVACY_SCHEMAS };
