-- Erasure of a subject's personal data (GDPR art. 17, docs/subjects.md "Erasure"): the tombstone that stays after the
-- personal fields are gone, keyed by the pseudonymous login so the data pipeline's records stay linkable and so
-- imports (CSV, import-mp) know never to fill the subject again, also after the subject itself was deleted.
CREATE TABLE subject_erasure (
  login varchar(50) PRIMARY KEY,
  erased_by varchar(255) NOT NULL,
  erased_at timestamptz NOT NULL DEFAULT now(),
  reason varchar(1000) NOT NULL
);

-- "Who looked" (docs/subjects.md, "Who looked"): the audit events about one subject, newest first, for the subject's
-- "last viewed by", the audit screen's subject filter and the subject access export.
CREATE INDEX audit_event_subject_idx ON audit_event ((data->>'subject_login'), event_date DESC, id DESC);
