-- Member change notices (docs/decisions/0411-member-reads-kept-until-their-rows-change.md).
-- When a change to a member's rows commits, Postgres tells every listener which member it was
-- (channel glow_member_changed, payload the member's id, or '*' for everyone). The embedded
-- database's server keeps member-scoped reads (the session lookup, a reader's glows) until
-- such a notice comes; nothing listens on PostgreSQL, where a notice costs next to nothing.
CREATE FUNCTION glow_notify_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('glow_member_changed', OLD.member_id::text); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('glow_member_changed', NEW.member_id::text); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION glow_notify_member_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('glow_member_changed', OLD.id::text); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('glow_member_changed', NEW.id::text); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION glow_notify_everyone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('glow_member_changed', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER members_changed AFTER INSERT OR UPDATE OR DELETE ON members FOR EACH ROW EXECUTE FUNCTION glow_notify_member_row();
--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER INSERT OR UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION glow_notify_member();
--> statement-breakpoint
CREATE TRIGGER characters_changed AFTER INSERT OR UPDATE OR DELETE ON characters FOR EACH ROW EXECUTE FUNCTION glow_notify_member();
--> statement-breakpoint
CREATE TRIGGER member_roles_changed AFTER INSERT OR UPDATE OR DELETE ON member_roles FOR EACH ROW EXECUTE FUNCTION glow_notify_member();
--> statement-breakpoint
CREATE TRIGGER member_creatures_changed AFTER INSERT OR UPDATE OR DELETE ON member_creatures FOR EACH ROW EXECUTE FUNCTION glow_notify_member();
--> statement-breakpoint
CREATE TRIGGER reactions_changed AFTER INSERT OR UPDATE OR DELETE ON reactions FOR EACH ROW EXECUTE FUNCTION glow_notify_member();
--> statement-breakpoint
CREATE TRIGGER creatures_changed AFTER INSERT OR UPDATE OR DELETE ON creatures FOR EACH STATEMENT EXECUTE FUNCTION glow_notify_everyone();
--> statement-breakpoint
CREATE TRIGGER members_truncated AFTER TRUNCATE ON members FOR EACH STATEMENT EXECUTE FUNCTION glow_notify_everyone();
--> statement-breakpoint
CREATE TRIGGER sessions_truncated AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION glow_notify_everyone();
--> statement-breakpoint
CREATE TRIGGER characters_truncated AFTER TRUNCATE ON characters FOR EACH STATEMENT EXECUTE FUNCTION glow_notify_everyone();
--> statement-breakpoint
CREATE TRIGGER member_roles_truncated AFTER TRUNCATE ON member_roles FOR EACH STATEMENT EXECUTE FUNCTION glow_notify_everyone();
--> statement-breakpoint
CREATE TRIGGER member_creatures_truncated AFTER TRUNCATE ON member_creatures FOR EACH STATEMENT EXECUTE FUNCTION glow_notify_everyone();
--> statement-breakpoint
CREATE TRIGGER reactions_truncated AFTER TRUNCATE ON reactions FOR EACH STATEMENT EXECUTE FUNCTION glow_notify_everyone();
--> statement-breakpoint
CREATE TRIGGER creatures_truncated AFTER TRUNCATE ON creatures FOR EACH STATEMENT EXECUTE FUNCTION glow_notify_everyone();
