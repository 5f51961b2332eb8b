/** The feed's form, read by the action seam (platform/forms.server.ts); messages are `newsfeed:` keys. */
import { z } from "zod";

/** A glow on a post, or taking it back (/reactions). */
export const GlowForm = z.preprocess(
  (input) => {
    // A feed's glow buttons share one form: each sends its post with its wish, glow=39:on.
    // (postId and glow as two fields, as pages before it sent them, are read as they are.)
    const fields = input as Record<string, unknown>;
    const both = typeof fields.glow === "string" ? /^(\d{1,10}):(on|off)$/.exec(fields.glow) : null;
    return both ? { ...fields, postId: both[1], glow: both[2] } : fields;
  },
  z.object({
    postId: z.coerce.number({ error: "newsfeed:glow.refused" }).int().positive().max(2_147_483_647, { error: "newsfeed:glow.refused" }),
    // The state the button asked for, so a double submit cannot flip it back.
    glow: z.enum(["on", "off"], { error: "newsfeed:glow.refused" }),
    stay: z.literal("1").optional(),
  }),
);
