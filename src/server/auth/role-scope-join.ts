// Where a role's scope is named: a role row aliased `r` joined to its project `p`, that project's organization `po`
// and its own organization `o` (a role has at most one of project and organization). Every statement that reads
// roles with their names (the caller's roles, a user's RoleDTOs, the user list's role filters, one role by id)
// joins them so, and reads the same aliases.

/** The joins after a FROM that names the role row `r`. */
export const ROLE_SCOPE_JOINS = `LEFT JOIN project p ON p.id = r.project_id
       LEFT JOIN radar_organization po ON po.id = p.organization_id
       LEFT JOIN radar_organization o ON o.id = r.organization_id`;

/** The roles users hold, `ru` being the membership row: a FROM clause the caller follows with its WHERE. */
export const USER_ROLES_FROM = `FROM role_users ru
       JOIN radar_role r ON r.id = ru.role_id
       ${ROLE_SCOPE_JOINS}`;
