/** Auth's forms, read by the action seam (platform/forms.server.ts). */
import { z } from "zod";

/** The spec's session validation (POST {fingerprint}); the fingerprint is only recorded with the session. */
export const SessionCheck = z.object({ fingerprint: z.string().max(200).nullish() });
