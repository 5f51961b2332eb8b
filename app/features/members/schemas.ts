/**
 * The members' forms, read by the action seam (platform/forms.server.ts); the messages are
 * `profile:` (and `avatar:`) translation keys.
 */
import { z } from "zod";
import { isAvatarStyle } from "~/features/avatars";
import { MEMBER_DETAIL_RULES, USERNAME_PATTERN, ZIPCODE_PATTERN } from "./rules";

/** A field's message: the same translation key whatever is wrong with it (its text says what it takes). */
const problem = (field: string) => ({ error: `profile:errors.${field}` });
const { nameMax, emailMax } = MEMBER_DETAIL_RULES;

/** The details form (/signup, /profile). Also the JSON API's input (extended there). */
export const memberDetailsSchema = z.object({
  firstName: z.string(problem("firstName")).trim().min(1, problem("firstName")).max(nameMax, problem("firstName")),
  lastName: z
    .string(problem("lastName"))
    .trim()
    .max(nameMax, problem("lastName"))
    .optional()
    .transform((v) => v || null),
  username: z.string(problem("username")).trim().regex(USERNAME_PATTERN, problem("username")),
  email: z.string(problem("email")).trim().max(emailMax, problem("email")).pipe(z.email(problem("email"))),
  zipcode: z.string(problem("zipcode")).trim().regex(ZIPCODE_PATTERN, problem("zipcode")),
});

/**
 * The signup form: the member's details and a starting look (a style, and the seed whose
 * faces the page showed; a seed that is not one is replaced, as the faces are the page's).
 * 'Show me other faces' posts it too (intent shuffle) and changes nothing.
 */
export const SignupForm = memberDetailsSchema.extend({
  intent: z.enum(["signup", "shuffle"]).catch("signup"),
  style: z.string({ error: "avatar:errors.style" }).refine(isAvatarStyle, { error: "avatar:errors.style" }),
  redirectTo: z.string().optional(),
});
