-- Waivers (issue 18): a published version never changes, and a signature's content never changes
-- (only its client may be repointed by a merge or cleared). The database refuses it, whoever asks.
CREATE OR REPLACE FUNCTION waiver_versions_refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'waiver version % is published and cannot be changed; publish a new version', OLD.id
    USING ERRCODE = 'integrity_constraint_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER waiver_versions_immutable BEFORE UPDATE ON waiver_versions
  FOR EACH ROW EXECUTE FUNCTION waiver_versions_refuse_update();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION waiver_signatures_refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.id, NEW.business_id, NEW.waiver_id, NEW.version_id, NEW.customer_name, NEW.signed_name, NEW.strokes, NEW.consent, NEW.sha256, NEW.signed_at, NEW.ip, NEW.user_agent)
     IS DISTINCT FROM
     (OLD.id, OLD.business_id, OLD.waiver_id, OLD.version_id, OLD.customer_name, OLD.signed_name, OLD.strokes, OLD.consent, OLD.sha256, OLD.signed_at, OLD.ip, OLD.user_agent) THEN
    RAISE EXCEPTION 'waiver signature % cannot be changed', OLD.id
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER waiver_signatures_immutable BEFORE UPDATE ON waiver_signatures
  FOR EACH ROW EXECUTE FUNCTION waiver_signatures_refuse_update();
