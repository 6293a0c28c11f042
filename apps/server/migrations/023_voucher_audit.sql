-- The audit trail also records the loyalty vouchers that admins give on the back-office.
ALTER TABLE audit_event DROP CONSTRAINT audit_event_entity_check;
ALTER TABLE audit_event ADD CONSTRAINT audit_event_entity_check
  CHECK (entity IN ('COMPANY', 'OFFICE', 'RESOURCE', 'WORK_KIND', 'IMPORT', 'INFO_TEXT',
                    'SERVICE', 'SERVICE_GROUP', 'CAMPAIGN_CODE', 'EXTRA_ITEM', 'TIRE', 'MEDIA', 'VOUCHER'));
