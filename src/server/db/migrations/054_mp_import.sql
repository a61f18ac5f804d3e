-- Rows imported from a ManagementPortal database (docs/import-mp.md): which portal row each ManagementPortal row
-- became, by kind and ManagementPortal id. A second import finds its own rows here and updates them; a row of the
-- same name that is not listed here was made in the portal itself, so the import reports it as a conflict instead
-- of overwriting it. Subjects are listed through their user; sources through their UUID, which is their identity.
CREATE TABLE mp_import_map (
  entity varchar(20) NOT NULL,
  mp_id varchar(255) NOT NULL,
  portal_id varchar(255) NOT NULL,
  imported_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (entity, mp_id)
);
CREATE UNIQUE INDEX mp_import_map_portal_idx ON mp_import_map (entity, portal_id);
