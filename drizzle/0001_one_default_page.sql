-- Exactly one default page per product. The partial unique index allows at most one; this deferred
-- constraint trigger checks "at least one" at commit, so a transaction may swap defaults freely.
CREATE FUNCTION check_one_default_page() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pid uuid;
  defaults integer;
BEGIN
  IF TG_TABLE_NAME = 'products' THEN
    pid := NEW.id;
  ELSIF TG_OP = 'DELETE' THEN
    pid := OLD.product_id;
  ELSE
    pid := NEW.product_id;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM products WHERE id = pid) THEN
    RETURN NULL;
  END IF;
  SELECT count(*) INTO defaults FROM pages WHERE product_id = pid AND is_default;
  IF defaults <> 1 THEN
    RAISE EXCEPTION 'product % must have exactly one default page, has %', pid, defaults
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER pages_one_default_check
  AFTER INSERT OR UPDATE OR DELETE ON pages
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION check_one_default_page();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_one_default_check
  AFTER INSERT ON products
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION check_one_default_page();
