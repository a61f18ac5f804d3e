// The shapes the role editor reads and emits. They mirror the server's RoleDTO and authority list, declared here so
// the widgets bundle depends on nothing outside src/widgets.

export type AuthorityScope = 'GLOBAL' | 'ORGANIZATION' | 'PROJECT';

export interface RoleDTO {
  authorityName: string;
  organizationId?: number;
  organizationName?: string;
  projectId?: number;
  projectName?: string;
}

export interface AuthorityOption {
  name: string;
  scope: AuthorityScope;
}

export interface OrganizationOption {
  id: number;
  name: string;
}

export interface ProjectOption {
  id: number;
  projectName: string;
}

/** What the user picked in the add row; ids are kept as the select's string values ('' = nothing). */
export interface RoleSelection {
  authorityName: string;
  organizationId: string;
  projectId: string;
}

export interface RolesChangeDetail {
  roles: RoleDTO[];
}

export type RolesChangeEvent = CustomEvent<RolesChangeDetail>;
