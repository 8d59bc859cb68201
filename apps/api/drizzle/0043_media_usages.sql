-- The media library's "used in" index (issue 18): a staff member's photo and a service's image
-- are rows of media_usages, kept here from the columns whoever writes them (the API, the demo
-- seed, a script). The index's foreign key then refuses deleting an image still in use.
CREATE OR REPLACE FUNCTION media_track_usage() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  use_kind text := TG_ARGV[0];
  column_name text := TG_ARGV[1];
  old_media integer;
  new_media integer;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_media := (to_jsonb(OLD) ->> column_name)::integer;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_media := (to_jsonb(NEW) ->> column_name)::integer;
  END IF;
  IF old_media IS NOT DISTINCT FROM new_media THEN
    RETURN NULL;
  END IF;
  IF old_media IS NOT NULL THEN
    DELETE FROM media_usages WHERE kind = use_kind AND ref_id = OLD.id AND media_id = old_media;
  END IF;
  IF new_media IS NOT NULL THEN
    INSERT INTO media_usages (business_id, media_id, kind, ref_id) VALUES (NEW.business_id, new_media, use_kind, NEW.id)
    ON CONFLICT (kind, ref_id, media_id) DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER staff_photo_usage AFTER INSERT OR DELETE OR UPDATE OF photo_media_id ON staff
  FOR EACH ROW EXECUTE FUNCTION media_track_usage('staff', 'photo_media_id');
--> statement-breakpoint
CREATE TRIGGER services_image_usage AFTER INSERT OR DELETE OR UPDATE OF image_media_id ON services
  FOR EACH ROW EXECUTE FUNCTION media_track_usage('service', 'image_media_id');
