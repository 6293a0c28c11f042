-- The audit trail also records the changes of an office's dated info texts
-- (organization_info_text), written on the office's page in the back-office.
ALTER TABLE audit_event DROP CONSTRAINT audit_event_entity_check;
ALTER TABLE audit_event ADD CONSTRAINT audit_event_entity_check
  CHECK (entity IN ('COMPANY', 'OFFICE', 'RESOURCE', 'WORK_KIND', 'IMPORT', 'INFO_TEXT'));
