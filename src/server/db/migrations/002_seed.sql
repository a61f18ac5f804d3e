-- Data every installation starts with : the authorities and the organization `main`.
-- The first system admin is created at start-up (bootstrap.ts), because its password comes from the environment.
INSERT INTO radar_authority (name, scope) VALUES
  ('ROLE_SYS_ADMIN', 'GLOBAL'),
  ('ROLE_ORGANIZATION_ADMIN', 'ORGANIZATION'),
  ('ROLE_PROJECT_ADMIN', 'PROJECT'),
  ('ROLE_PROJECT_OWNER', 'PROJECT'),
  ('ROLE_PROJECT_AFFILIATE', 'PROJECT'),
  ('ROLE_PROJECT_ANALYST', 'PROJECT'),
  ('ROLE_PARTICIPANT', 'PROJECT'),
  ('ROLE_INACTIVE_PARTICIPANT', 'PROJECT');

INSERT INTO radar_organization (name, description, location) VALUES ('main', 'The main organization', '-');

INSERT INTO radar_role (authority_name) VALUES ('ROLE_SYS_ADMIN');
