-- Member reads are no longer kept in process memory (docs/decisions/0524): the triggers
-- and functions that told the embedded database's server which member changed
-- (migration 0003, decision 0411) go.
DROP TRIGGER IF EXISTS members_changed ON members;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sessions_changed ON sessions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS characters_changed ON characters;
--> statement-breakpoint
DROP TRIGGER IF EXISTS member_roles_changed ON member_roles;
--> statement-breakpoint
DROP TRIGGER IF EXISTS member_creatures_changed ON member_creatures;
--> statement-breakpoint
DROP TRIGGER IF EXISTS reactions_changed ON reactions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS creatures_changed ON creatures;
--> statement-breakpoint
DROP TRIGGER IF EXISTS members_truncated ON members;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sessions_truncated ON sessions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS characters_truncated ON characters;
--> statement-breakpoint
DROP TRIGGER IF EXISTS member_roles_truncated ON member_roles;
--> statement-breakpoint
DROP TRIGGER IF EXISTS member_creatures_truncated ON member_creatures;
--> statement-breakpoint
DROP TRIGGER IF EXISTS reactions_truncated ON reactions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS creatures_truncated ON creatures;
--> statement-breakpoint
DROP FUNCTION IF EXISTS glow_notify_member();
--> statement-breakpoint
DROP FUNCTION IF EXISTS glow_notify_member_row();
--> statement-breakpoint
DROP FUNCTION IF EXISTS glow_notify_everyone();
--> statement-breakpoint
DROP FUNCTION IF EXISTS glow_listening();
