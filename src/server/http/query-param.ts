// One query parameter a route entry declares: the router parses it against its schema (route.ts) and the API
// document describes it (route-docs.ts builds them with `param`, `flag` and `pageable`). Its own file so both import
// it and route-docs.ts needs nothing of the router.
import type { Schema } from '../../common/schema';

export interface QueryParam {
  schema: Schema;
  description?: string;
  required?: boolean;
}
