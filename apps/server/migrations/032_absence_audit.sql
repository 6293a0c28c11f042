-- The audit trail also records the absences of the offices' resources that staff add and
-- remove on the back-office (resource_absence): entity ABSENCE, actions CREATED and DELETED.
ALTER TABLE audit_event DROP CONSTRAINT audit_event_entity_check;
ALTER TABLE audit_event ADD CONSTRAINT audit_event_entity_check
  CHECK (entity IN ('COMPANY', 'OFFICE', 'RESOURCE', 'WORK_KIND', 'IMPORT', 'INFO_TEXT',
                    'SERVICE', 'SERVICE_GROUP', 'CAMPAIGN_CODE', 'EXTRA_ITEM', 'TIRE', 'MEDIA', 'VOUCHER',
                    'PERSONAL_DATA', 'ABSENCE'));
ALTER TABLE audit_event DROP CONSTRAINT audit_event_action_check;
ALTER TABLE audit_event ADD CONSTRAINT audit_event_action_check
  CHECK (action IN ('CREATED', 'UPDATED', 'DEACTIVATED', 'ACTIVATED', 'IMPORTED',
                    'SEARCHED', 'EXPORTED', 'ERASED', 'ACCOUNT_DELETED', 'DELETED'));
